"""Read pip-audit's JSON report on standard input: fail on any known vulnerability, and say
plainly how many packages could not be checked (pip-audit needs PyPI's vulnerability data;
where the network offers only a package mirror, nothing can be checked, which is reported
as such, never as a clean result)."""

import json
import sys

report = json.load(sys.stdin)
found = [
    (d["name"], d["version"], v["id"]) for d in report["dependencies"] for v in d.get("vulns", [])
]
skipped = [d["name"] for d in report["dependencies"] if d.get("skip_reason")]
checked = len(report["dependencies"]) - len(skipped)
for name, version, vuln in found:
    print(f"VULNERABLE: {name} {version}: {vuln}")
if skipped:
    print(
        f"pip-audit: WARNING: {len(skipped)} of {len(report['dependencies'])} pinned packages "
        "could not be checked (no vulnerability data reachable from this machine)."
    )
print(f"pip-audit: {checked} packages checked, {len(found)} known vulnerabilities.")
sys.exit(1 if found else 0)
