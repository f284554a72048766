# A client of the service in Python's standard library: https to SHIFTLEFT_API_HOST, the CA from
# SSL_CERT_FILE (OpenSSL's own variable), next_page followed as given, severities counted by tag.
import json
import os
import ssl
import sys
import urllib.request

host = os.environ["SHIFTLEFT_API_HOST"]
org = os.environ["SHIFTLEFT_ORG_ID"]
token = os.environ["SHIFTLEFT_ACCESS_TOKEN"]
app = sys.argv[1]

context = ssl.create_default_context()
# As Python 3.13 does by default: RFC 5280 strictness.
context.verify_flags |= getattr(ssl, "VERIFY_X509_STRICT", 0)


def get(url):
    req = urllib.request.Request(url, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(req, context=context) as res:
        return json.load(res)


url = "https://%s/api/v4/orgs/%s/apps/%s/findings?per_page=4" % (host, org, app)
pages, by_severity, total = 0, {}, 0
while url:
    page = get(url)
    pages += 1
    for finding in page["response"].get("findings", []):
        total += 1
        for t in finding.get("tags", []):
            if t["key"] == "cvss_31_severity_rating":
                by_severity[t["value"]] = by_severity.get(t["value"], 0) + 1
    url = page.get("next_page")
print(json.dumps({"pages": pages, "total": total, "bySeverity": by_severity}))
