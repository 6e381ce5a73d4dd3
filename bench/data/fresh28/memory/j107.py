# -*- coding: utf-8 -*-
"""Journal 107: vetstack-puppet, a Puppet 8 control repo (Marek, Hannah, Dele), 2026-11-16 .. 11-21."""
from jlib import Journal

R = "/home/ops/vetstack-puppet/"
PDB = "https://puppetdb.vetstack.lan:8081/pdb/query/v4/"
R10K = ("ERROR\t -> Permission denied @ rb_sysopen - /etc/puppetlabs/code/environments/.r10k-deploy.json")
PDK = "pdk (FATAL): Unable to find a Puppet gem matching puppet '~> 7.0'."
BOLT = "Failed to connect to '%s': execution expired (ssh, port 22)"
PV = "puppet parser validate "


def build():
    j = Journal(107107, 2026, 11, 16)

    # s1 Monday, Marek
    j.session("s1", 0, 8, 5)
    j.p("VS-201 clinics' clocks drift - move profile::ntp over to chrony")
    j.rd(R + "site-modules/profile/manifests/ntp.pp")
    j.ed(R + "site-modules/profile/manifests/ntp.pp", "class profile::ntp (", "class profile::ntp (\n  Enum['ntpd','chrony'] $daemon = 'chrony',")
    j.ed(R + "site-modules/profile/manifests/ntp.pp", "include ntp", "include chrony")
    j.sh(PV + "site-modules/profile/manifests/ntp.pp", ms=2600.0)
    j.p("lint that")
    j.sh("puppet-lint site-modules/profile/manifests/ntp.pp",
         err="WARNING: double quoted string containing no variables on line 14", ms=1100.0)
    j.sh("puppet-lint --fix site-modules/profile/manifests/ntp.pp", ms=1200.0)
    j.p("get feature_chrony onto the server, want to try it on ashford")
    j.sh("r10k deploy environment feature_chrony --modules --verbose", err=R10K, ms=1900.0)
    j.p("VS-203 smtp relay pw changed (new one in vault), put it in hiera")
    j.sh("eyaml encrypt -l 'profile::mail::relay_password' -f ~/secrets/vs-203.txt", ms=1400.0)
    j.ed(R + "data/common.eyaml", "profile::mail::relay_password: >\n    ENC[PKCS7,MIIBeQYJKoZIhvcNAQcDoIIBajCCAWYC...]",
         "profile::mail::relay_password: >\n    ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYC...]")
    j.gd(R + "data/common.eyaml")
    j.gc("hiera: new smtp relay password (VS-203)", all_=True)
    j.p("commit the chrony bits too")
    j.sh("git pull --rebase", ms=1800.0)
    j.ga(R + "site-modules/profile/manifests/ntp.pp")
    j.ga(R + "spec/classes/profile_ntp_spec.rb")
    j.gc("profile::ntp: chrony by default (VS-201)")

    # s2 Tuesday, Hannah
    j.session("s2", 1, 9, 0)
    j.p("VS-207 vaccine fridge alerts: add a max temperature param to the fridge profile")
    j.rd(R + "site-modules/profile/manifests/pharmacy_fridge.pp")
    j.ed(R + "site-modules/profile/manifests/pharmacy_fridge.pp", "  String $sensor_id,", "  String $sensor_id,\n  Integer[2, 12] $alarm_threshold = 8,")
    j.ed(R + "spec/classes/profile_pharmacy_fridge_spec.rb", "it { is_expected.to compile }",
         "it { is_expected.to compile }\n  context 'with alarm_threshold => 6' do ... end")
    j.sh(PV + "site-modules/profile/manifests/pharmacy_fridge.pp", ms=2400.0)
    j.p("specs")
    j.sh("pdk test unit", err=PDK, ms=5300.0)
    j.sh("pdk test unit --puppet-version 8", ms=88000.0)
    j.p("noop on ashford to see what would change")
    j.sh("bolt command run 'puppet agent -t --noop' --targets clinic-ashford.vetstack.lan",
         err=BOLT % "clinic-ashford.vetstack.lan", ms=30500.0)
    j.p("ok what does puppetdb have for ashford then")
    j.get(PDB + "nodes/clinic-ashford.vetstack.lan/facts")
    j.get(PDB + "reports?query=%5B%22%3D%22%2C%22certname%22%2C%22clinic-ashford.vetstack.lan%22%5D&limit=3")
    j.p("commit")
    j.ga(R + "site-modules/profile/manifests/pharmacy_fridge.pp")
    j.ga(R + "spec/classes/profile_pharmacy_fridge_spec.rb")
    j.gc("fridge profile: alarm threshold (VS-207)")

    # s3 Wednesday, Dele
    j.session("s3", 2, 8, 44)
    j.p("VS-212 samba for the xray share is its own profile now, clean up role::imaging")
    j.rd(R + "site-modules/role/manifests/imaging.pp")
    j.rd(R + "site-modules/profile/manifests/xray_share.pp")
    j.ed(R + "site-modules/role/manifests/imaging.pp", "include profile::samba", "include profile::xray_share")
    j.sh(PV + "site-modules/role/manifests/imaging.pp", ms=2500.0)
    j.sh("puppet-lint site-modules/profile/manifests/xray_share.pp", ms=1000.0)
    j.p("stdlib 9.7 into the Puppetfile then push it out to production")
    j.ed(R + "Puppetfile", "mod 'puppetlabs-stdlib', '9.6.0'", "mod 'puppetlabs-stdlib', '9.7.0'")
    j.sh("r10k deploy environment production --modules", err=R10K, ms=2100.0)
    j.p("VS-214 backup user got a new credential")
    j.sh("eyaml encrypt -l 'profile::backup::borg_passphrase' -f ~/secrets/vs-214.txt", ms=1300.0)
    j.ed(R + "data/role/backup.eyaml", "profile::backup::borg_passphrase: >\n    ENC[PKCS7,MIIBmQYJ...]",
         "profile::backup::borg_passphrase: >\n    ENC[PKCS7,MIIBqQYJ...]")
    j.gd(R + "data/role/backup.eyaml")
    j.gc("backup: rotate borg passphrase (VS-214)", all_=True)
    j.p("which hosts have the xray_share class applied? ask puppetdb")
    j.get(PDB + "resources/Class/Profile::Xray_share")
    j.get(PDB + "resources/Class/Role::Imaging", err="HTTP 502 Bad Gateway")
    j.get(PDB + "resources/Class/Role::Imaging", err="Read timed out. (read timeout=30)", ms=30000.0)
    j.p("lint everything before i go")
    j.sh("pdk validate --puppet-version 8", ms=41000.0)
    j.sh("puppet-lint site-modules/", ms=3400.0)

    # s4 Thursday, Marek
    j.session("s4", 3, 8, 30)
    j.p("VS-215 reception PCs: kiosk profile tweaks (idle logout 10 min)")
    j.rd(R + "site-modules/role/manifests/reception.pp")
    j.rd(R + "site-modules/profile/manifests/kiosk.pp")
    j.ed(R + "site-modules/profile/manifests/kiosk.pp", "$idle_logout = 1800", "$idle_logout = 600")
    j.sh(PV + "site-modules/profile/manifests/kiosk.pp", ms=2300.0)
    j.p("kiosk spec")
    j.sh("pdk test unit --tests spec/classes/profile_kiosk_spec.rb", err=PDK, ms=5100.0)
    j.sh("pdk test unit --puppet-version 8 --tests spec/classes/profile_kiosk_spec.rb", ms=31000.0)
    j.sh("pdk validate --puppet-version 8", ms=39000.0)
    j.p("bounce lightdm on reception-03 at marsh so the change is visible")
    j.sh("bolt command run 'systemctl restart lightdm' --targets reception-03.marsh.vetstack.lan",
         err=BOLT % "reception-03.marsh.vetstack.lan", ms=30400.0)
    j.p("puppetdb: last report status, reception group")
    j.get(PDB + "nodes?query=%5B%22~%22%2C%22certname%22%2C%22%5Ereception-%22%5D")
    j.get(PDB + "reports?query=%5B%22%3D%22%2C%22latest_report%3F%22%2Ctrue%5D&limit=40")
    j.get(PDB + "reports?query=%5B%22%3D%22%2C%22status%22%2C%22failed%22%5D", err="HTTP 503 Service Unavailable")
    j.p("commit")
    j.gs()
    j.ga(R + "site-modules/profile/manifests/kiosk.pp")
    j.ga(R + "spec/classes/profile_kiosk_spec.rb")
    j.gc("kiosk: idle logout 10 min (VS-215)")

    # s5 Friday, Hannah
    j.session("s5", 4, 9, 8)
    j.p("VS-220 apt module 9.4 in Puppetfile + a test env feature_apt94")
    j.ed(R + "Puppetfile", "mod 'puppetlabs-apt', '9.1.0'", "mod 'puppetlabs-apt', '9.4.0'")
    j.sh("ruby -c Puppetfile", ms=300.0)
    j.sh("r10k deploy environment feature_apt94 --modules", err=R10K, ms=2000.0)
    j.p("how many boxes are left on debian 11?")
    j.get(PDB + "facts/os?query=%5B%22%3D%22%2C%22value.release.major%22%2C%2211%22%5D")
    j.get(PDB + "fact-contents?query=%5B%22%3D%22%2C%22path%22%2C%5B%22os%22%2C%22release%22%2C%22major%22%5D%5D",
          err="curl: (56) Recv failure: Connection reset by peer")
    j.p("apt pin spec is broken after the bump, fix")
    j.ed(R + "spec/classes/profile_apt_spec.rb", "'release' => 'bullseye'", "'release' => 'bookworm'")
    j.sh("pdk test unit --puppet-version 8 --tests spec/classes/profile_apt_spec.rb", ms=29000.0)
    j.sh("pdk validate --puppet-version 8", ms=40000.0)
    j.p("VS-221 small script to check cert expiry on the clinic boxes")
    j.wr(R + "site-modules/profile/files/check_cert_expiry.sh", "#!/bin/sh\n# warn 21 days before /etc/ssl/certs/clinic.pem expires\n...")
    j.sh("shellcheck site-modules/profile/files/check_cert_expiry.sh", ms=500.0)
    j.p("commit")
    j.ga(R + "Puppetfile", R + "spec/classes/profile_apt_spec.rb")
    j.ga(R + "site-modules/profile/files/check_cert_expiry.sh")
    j.gc("apt 9.4; cert expiry check script (VS-220, VS-221)")

    # s6 Saturday, Dele
    j.session("s6", 5, 10, 2)
    j.p("VS-225 PACS db pw for the marsh clinic")
    j.sh("eyaml encrypt -l 'profile::pacs::db_password' -f ~/secrets/vs-225.txt", ms=1500.0)
    j.ed(R + "data/nodes/pacs-marsh.vetstack.lan.yaml", "profile::pacs::db_host: 'localhost'",
         "profile::pacs::db_host: 'localhost'\nprofile::pacs::db_password: >\n    ENC[PKCS7,MIIBiQYJ...]")
    j.gd(R + "data/nodes/pacs-marsh.vetstack.lan.yaml")
    j.gc("pacs-marsh: db password (VS-225)", all_=True)
    j.p("and then dicom-forwarder restart on marsh")
    j.sh("bolt command run 'systemctl restart dicom-forwarder' --targets pacs-marsh.vetstack.lan",
         err=BOLT % "pacs-marsh.vetstack.lan", ms=30600.0)
    j.p("did the marsh nodes report fine last run?")
    j.get(PDB + "nodes/pacs-marsh.vetstack.lan")
    j.get(PDB + "reports?query=%5B%22~%22%2C%22certname%22%2C%22marsh%22%5D&limit=10", err="HTTP 502 Bad Gateway")
    j.p("lint + tests before the weekend")
    j.sh("yamllint data/", ms=900.0)
    j.sh("pdk validate --puppet-version 8", ms=42000.0)
    j.sh("pdk test unit --puppet-version 8", ms=91000.0)
    j.p("commit")
    j.ga(R + "data/")
    j.ga(R + ".yamllint")
    j.gc("yamllint config")
    return j
