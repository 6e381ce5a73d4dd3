"""journal-64: kestrel-seg, a PyTorch Lightning + Hydra repo that trains segmentation models on aerial tiles
(uv, DVC with a shared cache at /mnt/dvc-cache, a two-GPU workstation whose GPU 0 also serves the team's notebooks,
a self-hosted W&B server). Developers: Noor s1/s6, Mateus s2, Olena s3, Ben s4/s5."""
from jlib import Journal

WB = "https://wandb.kestrel.lab"
DVC = "ERROR: unexpected error - [Errno 13] Permission denied: '/mnt/dvc-cache/files/md5/%s'"
OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %s GiB. GPU 0 has a total capacity of 47.53 GiB "
       "of which %s GiB is free. Including non-PyTorch memory, this process has 3.10 GiB memory in use.")


def build():
    j = Journal(64064)

    # ---- s1 Mon, Noor
    j.session("s1", "2026-11-09 08:05")
    j.say("sync the env first, I just pulled main")
    j.run("uv sync", dur=11200)
    j.run("uv run python -c \"import torch; print(torch.cuda.device_count())\"", dur=4100)
    j.say("new experiment: unet with a convnext_tiny encoder, lr 3e-4, 40 epochs, on the 2025 tiles. "
          "set up the config and make sure it at least runs")
    j.read("configs/experiment/unet_r34.yaml")
    j.read("configs/model/unet.yaml")
    j.say("looks right, write it")
    j.write("configs/experiment/unet_convnext_t.yaml",
            "# @package _global_\ndefaults:\n  - override /model: unet\nmodel:\n  encoder: convnext_tiny\n"
            "optimizer:\n  lr: 3.0e-4\ntrainer:\n  max_epochs: 40\ndata:\n  tiles: tiles_2025\n")
    j.run("uv run python train.py experiment=unet_convnext_t trainer.fast_dev_run=true", dur=74200)
    j.add(["configs/experiment/unet_convnext_t.yaml"])
    j.commit("experiment: unet_convnext_t")
    j.say("the 2025 tiles aren't on this box yet I think, pull them")
    j.run("dvc pull data/tiles_2025.dvc", err=DVC % "9c", dur=5100)
    j.ls("data")
    j.say("what did last week's r34 run end at? it's on wandb")
    j.get(WB + "/api/v1/runs/kestrel/seg/r34-1103")
    j.get(WB + "/api/v1/runs/kestrel/seg/r34-1103/history?keys=val/miou", err="HTTP 502 Bad Gateway")

    # ---- s2 Tue, Mateus
    j.session("s2", "2026-11-10 09:30")
    j.say("Oi! Pode lançar o treino completo do unet_convnext_t? 40 épocas, seed 7. Eu acompanho pelo wandb.")
    j.read("configs/experiment/unet_convnext_t.yaml")
    j.run("uv run python train.py experiment=unet_convnext_t seed=7", err=OOM % ("2.50", "1.12"), dur=52800)
    j.run("CUDA_VISIBLE_DEVICES=1 uv run python train.py experiment=unet_convnext_t seed=7", dur=600000)
    j.run("nvidia-smi", dur=300)
    j.say("enquanto isso, avalia o checkpoint do r34 da semana passada no split de teste e escreve um resumo")
    j.run("uv run python eval.py ckpt=checkpoints/r34-1103/best.ckpt split=test", dur=181000)
    j.read("outputs/eval/r34-1103/metrics.json")
    j.write("reports/evals/2026-11-10-r34-1103.md", "# r34-1103 on test\n\nmIoU 0.712, building IoU 0.804, road IoU 0.655\n")
    j.say("roda os testes também")
    j.run("uv run pytest -q", dur=40200)
    j.say("commita o relatório")
    j.status()
    j.add(["reports/evals/2026-11-10-r34-1103.md"])
    j.commit("eval report: r34-1103")
    j.say("o wandb está mostrando a run nova?")
    j.get(WB + "/api/v1/runs/kestrel/seg?filters=state:running", err="ETIMEDOUT: connect ETIMEDOUT 10.20.0.14:443")

    # ---- s3 Wed, Olena
    j.session("s3", "2026-11-11 07:52")
    j.say("Потрібен конфіг для DeepLabV3+ з resnet50, lr 1e-4, 30 епох. Перевір, що запускається.")
    j.read("configs/model/deeplabv3plus.yaml")
    j.read("configs/experiment/unet_convnext_t.yaml")
    j.say("так, пиши")
    j.write("configs/experiment/dlv3p_r50.yaml",
            "# @package _global_\ndefaults:\n  - override /model: deeplabv3plus\nmodel:\n  encoder: resnet50\n"
            "optimizer:\n  lr: 1.0e-4\ntrainer:\n  max_epochs: 30\ndata:\n  tiles: tiles_2025\n")
    j.run("uv run python train.py experiment=dlv3p_r50 trainer.fast_dev_run=true", dur=69900)
    j.add(["configs/experiment/dlv3p_r50.yaml"])
    j.commit("experiment: dlv3p_r50")
    j.say("які GPU зараз вільні?")
    j.run("nvidia-smi", dur=280)
    j.run("nvidia-smi --query-compute-apps=pid,used_memory --format=csv", dur=260)
    j.say("і підтягни маски для 2024 року через dvc")
    j.run("dvc pull data/masks_2024.dvc", err=DVC % "41", dur=4800)
    j.say("тести в tests/test_augment.py падають з учора, глянь")
    j.read("tests/test_augment.py")
    j.read("src/kestrel/data/augment.py")
    j.run("uv run pytest tests/test_augment.py", err="FAILED tests/test_augment.py::test_flip_keeps_mask_aligned - "
          "AssertionError: mask and image flipped on different axes", dur=8800)
    j.edit("src/kestrel/data/augment.py", "mask = np.flip(mask, axis=0)", "mask = np.flip(mask, axis=1)")
    j.run("uv run pytest tests/test_augment.py", dur=8400)
    j.run("uv run pytest -q", dur=41300)
    j.say("коміт")
    j.diff()
    j.add(["src/kestrel/data/augment.py"])
    j.commit("augment: flip mask on the same axis as the image")

    # ---- s4 Thu, Ben
    j.session("s4", "2026-11-12 13:40")
    j.say("eval mateus's convnext run (checkpoints/unet_convnext_t-1110/best.ckpt) on test and write it up like the r34 one")
    j.run("uv run python eval.py ckpt=checkpoints/unet_convnext_t-1110/best.ckpt split=test", dur=176500)
    j.read("outputs/eval/unet_convnext_t-1110/metrics.json")
    j.write("reports/evals/2026-11-12-unet_convnext_t-1110.md",
            "# unet_convnext_t-1110 on test\n\nmIoU 0.741 (+0.029 vs r34-1103), building IoU 0.829, road IoU 0.688\n")
    j.say("we need the 2025 val tiles for the next one, dvc should have them")
    j.run("dvc fetch -r minio data/tiles_2025_val.dvc", err=DVC % "e7", dur=6200)
    j.say("is /data getting full? check before the next run")
    j.run("df -h /data", dur=40)
    j.run("du -sh outputs checkpoints", dur=5200)
    j.say("compare both runs' val curves on wandb")
    j.get(WB + "/api/v1/runs/kestrel/seg/unet_convnext_t-1110")
    j.get(WB + "/api/v1/runs/kestrel/seg/r34-1103/history?keys=val/loss")
    j.get(WB + "/api/v1/runs/kestrel/seg/unet_convnext_t-1110/history?keys=val/loss", err="HTTP 503 Service Unavailable")
    j.say("lint + commit the report")
    j.run("uv run ruff check", err="src/kestrel/metrics.py:14:1: F401 [*] `numpy` imported but unused\nFound 1 error.", dur=900)
    j.run("uv run ruff check --fix", dur=950)
    j.add(["reports/evals/2026-11-12-unet_convnext_t-1110.md", "src/kestrel/metrics.py"])
    j.commit("eval report: unet_convnext_t-1110")

    # ---- s5 Fri, Ben
    j.session("s5", "2026-11-13 08:58")
    j.say("fine-tune the convnext best ckpt on the 2025 tiles for 10 epochs, lr 5e-5, then eval it the usual way")
    j.read("configs/experiment/unet_convnext_t.yaml")
    j.run("uv run python train.py experiment=unet_convnext_t ckpt_path=checkpoints/unet_convnext_t-1110/best.ckpt "
          "trainer.max_epochs=10 optimizer.lr=5e-5", err=OOM % ("1.75", "0.61"), dur=47300)
    j.run("CUDA_VISIBLE_DEVICES=1 uv run python train.py experiment=unet_convnext_t "
          "ckpt_path=checkpoints/unet_convnext_t-1110/best.ckpt trainer.max_epochs=10 optimizer.lr=5e-5", dur=600000)
    j.say("eval")
    j.run("uv run python eval.py ckpt=checkpoints/unet_convnext_t-ft-1113/best.ckpt split=test", dur=179200)
    j.read("outputs/eval/unet_convnext_t-ft-1113/metrics.json")
    j.write("reports/evals/2026-11-13-unet_convnext_t-ft-1113.md",
            "# unet_convnext_t-ft-1113 on test\n\nmIoU 0.749 (+0.008 vs unet_convnext_t-1110)\n")
    j.say("wandb link for the ft run?")
    j.get(WB + "/api/v1/runs/kestrel/seg/unet_convnext_t-ft-1113", err="ECONNRESET: read ECONNRESET")
    j.say("bump lightning to 2.4.0 and check nothing broke")
    j.edit("pyproject.toml", "\"lightning>=2.3,<2.4\"", "\"lightning>=2.4,<2.5\"")
    j.run("uv lock --upgrade-package lightning", dur=7700)
    j.run("uv run pytest -q -x", dur=40800)
    j.status()
    j.say("how much is in outputs/ by now? just list it, don't delete anything")
    j.ls("outputs")
    j.ls("outputs/eval")

    # ---- s6 Sat, Noor
    j.session("s6", "2026-11-14 10:15")
    j.say("quick sanity config: segformer b2, lr 6e-5, 50 epochs, check it boots")
    j.write("configs/experiment/segformer_b2.yaml",
            "# @package _global_\ndefaults:\n  - override /model: segformer\nmodel:\n  variant: mit_b2\n"
            "optimizer:\n  lr: 6.0e-5\ntrainer:\n  max_epochs: 50\n")
    j.run("uv run python train.py experiment=segformer_b2 trainer.fast_dev_run=true", dur=81800)
    j.add(["configs/experiment/segformer_b2.yaml"])
    j.commit("experiment: segformer_b2")
    j.say("pull the latest data so I can run it monday")
    j.run("dvc pull", err=DVC % "03", dur=7300)
    j.say("post the eval numbers of the week to the wandb report? at least check the report page loads")
    j.get(WB + "/kestrel/seg/reports/weekly-2026-46")
    j.get(WB + "/api/v1/reports/kestrel/seg/weekly-2026-46", err="HTTP 502 Bad Gateway")
    j.say("plot the eval reports we have so far")
    j.ls("reports/evals")
    j.read("reports/evals/2026-11-13-unet_convnext_t-ft-1113.md")
    j.run("uv run python scripts/plot_evals.py reports/evals --out reports/evals/miou.png", dur=3900)
    j.say("run the tests one more time before I leave")
    j.run("uv run pytest -q", dur=39900)
    j.say("what's the recommended way to compile the model in lightning 2.4? docs pls")
    j.get("https://lightning.ai/docs/pytorch/stable/advanced/compile.html")
    return j
