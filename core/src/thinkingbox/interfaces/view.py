"""`tb view`: the pages of the static export (thinkingbox.reporting.view_data), served from
the run files by the standard library's HTTP server, each data file made when asked for."""
from __future__ import annotations

import ipaddress
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from thinkingbox.reporting.view_data import ASSETS, PAGE_POLICY, REPORT_POLICY, Site, asset
from thinkingbox.secrets import secret_values

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8"}


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _names_loopback(host_header: str) -> bool:
    """A Host header naming this machine. On loopback only these are answered: a web page
    elsewhere that points its own name at 127.0.0.1 (DNS rebinding) cannot read the records."""
    name = host_header.rsplit(":", 1)[0] if not host_header.endswith("]") else host_header
    return name.strip("[]").lower() in ("127.0.0.1", "localhost", "::1")


def make_server(site: Site, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server for `site` (port 0: any free port; read it from `server.server_address`)."""
    secrets = secret_values()
    loopback = ipaddress.ip_address(host).is_loopback if _is_ip(host) else host == "localhost"
    report_page = site.report_html.encode()  # redacted when made

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
            if loopback and not _names_loopback(self.headers.get("Host", "")):
                self.send_error(HTTPStatus.FORBIDDEN, "tb view answers only requests for 127.0.0.1 or localhost")
                return
            path = urlsplit(self.path).path.lstrip("/") or "index.html"
            if path in ASSETS:
                body: bytes | None = asset(path)
            elif path == "report.html":
                body = report_page
            else:
                body = site.data_file(path, secrets)
            if body is None:
                self.send_error(HTTPStatus.NOT_FOUND, "no such page or data file")
                return
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", CONTENT_TYPES.get(path[path.rfind("."):], "application/octet-stream"))
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            # record text is untrusted: no inline script runs, and no file is read as another type
            self.send_header("Content-Security-Policy", REPORT_POLICY if path == "report.html" else PAGE_POLICY)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one line per request would drown the URL printed at start

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    return server
