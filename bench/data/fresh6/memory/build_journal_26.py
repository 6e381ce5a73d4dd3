"""Journal 26 - data science: Jupyter / pandas / DVC / MLflow ("churn" project: dvc.yaml pipeline,
params.yaml, notebooks/, src/churn, MLflow tracking server at mlflow.ds.example.net).
Runbook written first (the lessons), then the sessions below were written against it.

RUNBOOK (ds-team README, "before you run anything")
 1. [pitfall] Executing the big notebooks headless (`jupyter nbconvert --execute`) kills the kernel on the
    8 GB agent box every time (they load the full parquet). Don't; run the pipeline stage scripts instead.
 2. [rule] pytest fails at collection (No module named 'churn') in a fresh env; `pip install -e .` and rerun.
 3. [playbook] New experiment: edit params.yaml -> `dvc repro` -> git add dvc.lock params.yaml -> git commit.
 4. [playbook] Before touching data: git status -> `dvc status` -> read dvc.lock to see which stage is stale.
 5. [weak link] The MLflow tracking server (mlflow.ds.example.net) is flaky: 502s, expired tokens, timeouts,
    "database is locked". Don't rely on it for anything blocking; metrics are also in metrics.json.
"""
from jlib import build

KERNEL_ERR = ("nbclient.exceptions.DeadKernelError: Kernel died\n"
              "[NbConvertApp] ERROR | Kernel died while waiting for execute reply.")
PYTEST_ERR = ("ImportError while loading conftest '/home/agent/churn/tests/conftest.py'.\n"
              "tests/conftest.py:4: in <module>\n    from churn.features import build_features\n"
              "E   ModuleNotFoundError: No module named 'churn'")
ML = 'https://mlflow.ds.example.net/api/2.0/mlflow'

S1 = ('s1', [
    ("DS-88: churn model AUC dropped from 0.81 to 0.74 after the October data refresh", [
        ('read', 'metrics.json'),
        ('read', 'reports/eval_2026-10.md'),
        ('sh', 'dvc metrics diff HEAD~3'),
    ]),
    ("DS-88 comment: rerun the EDA notebook on the new snapshot to compare distributions", [
        ('sh', 'jupyter nbconvert --to notebook --execute notebooks/02_eda.ipynb --output /tmp/02_eda.out.ipynb', KERNEL_ERR),
        ('sh', 'python -c "import pandas as pd; df = pd.read_parquet(\'data/processed/features.parquet\', columns=[\'tenure_months\', \'plan\']); print(df.describe(include=\'all\'))"'),
    ]),
    ("DS-88 comment: fetch the last good run from MLflow to compare params", [
        ('get', ML + '/experiments/get-by-name?experiment_name=churn-xgb'),
        ('get', ML + '/runs/get?run_id=5f1c0e9a7b2d4c3e8a6f1b0d9c8e7a61', 'HTTP 502 Bad Gateway'),
    ]),
    ("DS-89: try a lower learning rate and more trees", [
        ('edit', 'params.yaml', '  learning_rate: 0.1\n  n_estimators: 300', '  learning_rate: 0.05\n  n_estimators: 600'),
        ('sh', 'dvc repro'),
        ('gadd', ['params.yaml', 'dvc.lock']),
        ('gcommit', 'exp(DS-89): lr 0.05, 600 trees'),
    ]),
    ("DS-89 comment: AUC back to 0.79; write it up", [
        ('read', 'metrics.json'),
        ('edit', 'reports/eval_2026-10.md', '## Next steps', '## DS-89\nlr 0.05 / 600 trees: AUC 0.79 (was 0.74)\n\n## Next steps'),
        ('read', 'reports/eval_2026-10.md'),
    ]),
])

S2 = ('s2', [
    ("DS-92: feature build fails for customers with no invoices", [
        ('gst',),
        ('sh', 'dvc status'),
        ('read', 'dvc.lock'),
    ]),
    ("DS-92 comment: groupby().agg leaves NaN for tenure when the invoice list is empty", [
        ('read', 'src/churn/features.py'),
        ('edit', 'src/churn/features.py', '    df["avg_invoice"] = inv.groupby("customer_id")["amount"].mean()', '    df["avg_invoice"] = inv.groupby("customer_id")["amount"].mean().reindex(df.index, fill_value=0.0)'),
        ('write', 'tests/test_features.py', 'import pandas as pd\nfrom churn.features import build_features\n\n\ndef test_customer_without_invoices_gets_zero():\n    out = build_features(pd.DataFrame({"customer_id": [1]}), pd.DataFrame(columns=["customer_id", "amount"]))\n    assert out.loc[0, "avg_invoice"] == 0.0\n'),
        ('sh', 'python -m pytest tests/test_features.py -q', PYTEST_ERR),
        ('read', 'pyproject.toml'),
        ('sh', 'pip install -e .'),
        ('sh', 'python -m pytest tests/test_features.py -q'),
    ]),
    ("DS-92 comment: regenerate features and push the data", [
        ('sh', 'dvc repro featurize'),
        ('sh', 'dvc push', 'ERROR: failed to push data to the cloud - 3 files failed to upload'),
        ('sh', 'dvc push -j 2'),
    ]),
    ("DS-92 comment: log the fix on the MLflow run", [
        ('get', ML + '/runs/get?run_id=0a9d3e1f2b4c4d6e8f7a1c2b3d4e5f60', 'HTTP 401 Unauthorized: token expired'),
    ]),
    ("DS-92 comment: commit code + lock", [
        ('gdiff',),
        ('gadd', ['src/churn/features.py', 'tests/test_features.py', 'dvc.lock']),
        ('gcommit', 'fix(features): zero avg_invoice for customers without invoices (DS-92)'),
        ('sh', 'git push origin ds-92-empty-invoices'),
    ]),
])

S3 = ('s3', [
    ("DS-95: add a calibration plot to the evaluation notebook", [
        ('read', 'notebooks/04_evaluation.ipynb'),
        ('edit', 'notebooks/04_evaluation.ipynb', '"source": ["# Evaluation"]', '"source": ["# Evaluation\\n", "## Calibration"]'),
        ('sh', 'jupyter nbconvert --to notebook --execute notebooks/04_evaluation.ipynb --output /tmp/04.out.ipynb', KERNEL_ERR),
    ]),
    ("DS-95 comment: move the plot into src/churn/evaluate.py so the pipeline produces it", [
        ('read', 'src/churn/evaluate.py'),
        ('edit', 'src/churn/evaluate.py', 'def evaluate(model, X, y, out_dir):\n', 'def evaluate(model, X, y, out_dir):\n    CalibrationDisplay.from_estimator(model, X, y, n_bins=10).figure_.savefig(out_dir / "calibration.png")\n'),
        ('edit', 'dvc.yaml', '      - reports/roc.png', '      - reports/roc.png\n      - reports/calibration.png'),
        ('sh', 'dvc repro evaluate'),
        ('ls', 'reports'),
    ]),
    ("DS-96: class_weight balanced for the minority churners", [
        ('edit', 'params.yaml', '  scale_pos_weight: 1.0', '  scale_pos_weight: 3.2'),
        ('sh', 'dvc repro'),
        ('gadd', ['params.yaml', 'dvc.lock']),
        ('gcommit', 'exp(DS-96): scale_pos_weight 3.2'),
    ]),
    ("DS-96 comment: compare with the DS-89 run in MLflow", [
        ('get', ML + '/runs/get?run_id=77e0c4b1a2d34f5e9b8c7d6e5f4a3b21'),
        ('get', ML + '/metrics/get-history?run_id=77e0c4b1a2d34f5e9b8c7d6e5f4a3b21&metric_key=val_auc', 'read timeout after 30 s'),
    ]),
    ("DS-96 comment: look up pandas merge_asof semantics for the next ticket", [
        ('get', 'https://pandas.pydata.org/docs/reference/api/pandas.merge_asof.html'),
    ]),
])

S4 = ('s4', [
    ("DS-101: November snapshot landed; is the pipeline stale?", [
        ('gst',),
        ('sh', 'dvc status'),
        ('read', 'dvc.lock'),
    ]),
    ("DS-101 comment: raw snapshot changed; pull it and rebuild", [
        ('sh', 'dvc pull data/raw/customers.parquet.dvc'),
        ('sh', 'dvc repro'),
        ('sh', 'dvc metrics show'),
        ('read', 'metrics.json'),
    ]),
    ("DS-101 comment: rerun the drift notebook for the report", [
        ('sh', 'jupyter nbconvert --to html --execute notebooks/05_drift.ipynb --output-dir /tmp', KERNEL_ERR),
        ('sh', 'python src/churn/drift.py --ref data/processed/features_2026-10.parquet --cur data/processed/features.parquet --out reports/drift.json'),
        ('read', 'reports/drift.json'),
    ]),
    ("DS-101 comment: register the new run in MLflow", [
        ('get', ML + '/registered-models/get?name=churn-xgb'),
        ('get', ML + '/registered-models/get-latest-versions?name=churn-xgb', 'HTTP 500 Internal Server Error: (sqlite3.OperationalError) database is locked'),
    ]),
    ("DS-101 comment: commit refreshed lock and report", [
        ('gadd', ['dvc.lock', 'reports/drift.json']),
        ('gcommit', 'data(DS-101): November snapshot'),
        ('sh', 'dvc push'),
        ('sh', 'git push'),
    ]),
])

S5 = ('s5', [
    ("DS-105: new feature days_since_last_login", [
        ('read', 'src/churn/features.py'),
        ('read', 'tests/test_features.py'),
        ('edit', 'src/churn/features.py', '    return df\n', '    df["days_since_last_login"] = (asof - logins.groupby("customer_id")["ts"].max()).dt.days\n    return df\n'),
        ('edit', 'tests/test_features.py', 'def test_customer_without_invoices_gets_zero():', 'def test_days_since_last_login():\n    ...\n\n\ndef test_customer_without_invoices_gets_zero():'),
        ('sh', 'python -m pytest tests/test_features.py -q', PYTEST_ERR),
        ('sh', 'pip install -e .'),
        ('sh', 'python -m pytest tests/test_features.py -q'),
    ]),
    ("DS-105 comment: add it to the feature list and retrain", [
        ('edit', 'params.yaml', '    - avg_invoice', '    - avg_invoice\n    - days_since_last_login'),
        ('sh', 'dvc repro'),
        ('gadd', ['params.yaml', 'dvc.lock']),
        ('gcommit', 'exp(DS-105): add days_since_last_login'),
    ]),
    ("DS-105 comment: did the feature help? check MLflow", [
        ('get', ML + '/runs/get?run_id=c3b2a1f0e9d84c7b6a5f4e3d2c1b0a99', 'connection refused (mlflow.ds.example.net:443)'),
        ('read', 'metrics.json'),
    ]),
    ("DS-106: docs for pandas Series.dt.days on NaT", [
        ('get', 'https://pandas.pydata.org/docs/reference/api/pandas.Series.dt.days.html'),
    ]),
])

S6 = ('s6', [
    ("DS-110: someone says featurize is stale on main", [
        ('gst',),
        ('sh', 'dvc status'),
        ('read', 'dvc.lock'),
    ]),
    ("DS-110 comment: it was only the evaluate stage (calibration.png missing from cache); rebuild it", [
        ('sh', 'dvc repro evaluate'),
        ('sh', 'dvc push'),
        ('ls', 'reports'),
        ('read', 'reports/eval_2026-10.md'),
        ('edit', 'reports/eval_2026-10.md', '## Next steps', '## DS-105\ndays_since_last_login: AUC 0.80\n\n## Next steps'),
    ]),
    ("DS-111: executive summary notebook for the monthly review", [
        ('sh', 'jupyter nbconvert --to html --execute notebooks/06_summary.ipynb --output-dir reports', KERNEL_ERR),
        ('sh', 'python src/churn/summary.py --out reports/summary.md'),
    ]),
    ("DS-111 comment: link the MLflow model version in the summary", [
        ('get', ML + '/model-versions/get?name=churn-xgb&version=7', 'HTTP 503 Service Unavailable'),
        ('ls', 'reports'),
        ('read', 'reports/summary.md'),
        ('edit', 'reports/summary.md', 'Model: TBD', 'Model: churn-xgb (see metrics.json; MLflow link pending)'),
    ]),
    ("DS-111 comment: commit the summary", [
        ('gst',),
        ('gdiff',),
        ('gadd', ['reports/summary.md', 'reports/eval_2026-10.md', 'dvc.lock']),
        ('gcommit', 'docs(DS-111): monthly summary'),
        ('sh', 'git push'),
    ]),
])

if __name__ == '__main__':
    n = build([S1, S2, S3, S4, S5, S6], 'journal-26.jsonl', 1764230400.0)
    print('journal-26.jsonl', n, 'events')
