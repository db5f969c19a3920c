"""Safe defaults (issue 15 #4, #7): scripts/serve runs with DEBUG off and the site's own error
pages, the secret key file is its owner's alone, `manage.py check --deploy` has nothing to
say with the README's deployment settings, X-Forwarded-For/-Proto are believed only from
the listed proxies, and the admin login locks out after repeated failures (django-axes)."""
from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        assert proc.poll() is None, f"the server exited with {proc.returncode}"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listened on {port} within {timeout}s")


def clean_env(var: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TEFUDA_", "DATABASE_URL", "REDIS_URL"))}
    return {**env, "TEFUDA_VAR_DIR": str(var), "PYTHONUNBUFFERED": "1", **extra}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url: str, headers: dict | None = None, data: bytes | None = None, opener=None):
    """(status, headers, body) of a request, redirects not followed; error statuses are
    answers too."""
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with (opener or urllib.request.build_opener(NoRedirect)).open(req, timeout=10) as r:
            return r.status, r.headers, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode()


@pytest.fixture
def served(tmp_path):
    """scripts/serve as the README starts it (no switches, no TEFUDA_* settings)."""
    port = free_port()
    var = tmp_path / "var"
    proc = subprocess.Popen(["scripts/serve", str(port)], cwd=ROOT, env=clean_env(var), start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_port(port, proc, 180)
        yield f"http://127.0.0.1:{port}", var
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def test_serve_is_production_safe_by_default(served):
    base, var = served
    status, _, body = fetch(base + "/no/such/page/")
    assert status == 404
    assert "見つかりません" in body and "手札" in body  # the site's own page
    assert "URLconf" not in body and "admin/" not in body and "Traceback" not in body
    status, _, body = fetch(base + "/", headers={"Host": "evil.example"})
    assert status == 400 and "ALLOWED_HOSTS" not in body and "evil.example" not in body
    status, _, body = fetch(base + "/")
    assert status == 200 and "部屋に入る" in body
    assert stat.S_IMODE((var / "secret_key").stat().st_mode) == 0o600


def settings_value(var: Path, expr: str, **env) -> str:
    code = f"import django; django.setup(); from django.conf import settings; print({expr})"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env=clean_env(var, DJANGO_SETTINGS_MODULE="tefuda_site.settings", **env))
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_debug_is_off_unless_asked_for(tmp_path):
    assert settings_value(tmp_path, "settings.DEBUG") == "False"
    assert settings_value(tmp_path, "settings.DEBUG", TEFUDA_DEBUG="1") == "True"
    serve = (ROOT / "scripts/serve").read_text()
    assert "--dev" in serve and "TEFUDA_DEBUG=1" in serve


def test_the_secret_key_is_its_owners_alone(tmp_path):
    new = tmp_path / "new"
    new.mkdir()
    settings_value(new, "1")
    assert stat.S_IMODE((new / "secret_key").stat().st_mode) == 0o600
    old = tmp_path / "old"  # made world-readable by an older version
    old.mkdir()
    (old / "secret_key").write_text("an-old-key-" + "x" * 50)
    os.chmod(old / "secret_key", 0o644)
    assert settings_value(old, "settings.SECRET_KEY") == "an-old-key-" + "x" * 50  # the same key
    assert stat.S_IMODE((old / "secret_key").stat().st_mode) == 0o600


def readme_deploy_env() -> dict:
    """The settings of README's "Deploying on the internet" (the /etc/tefuda.env block)."""
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index("# /etc/tefuda.env"):]
    block = block[:block.index("```")]
    return dict(line.split("=", 1) for line in block.splitlines() if re.match(r"^[A-Z_]+=\S", line))


def test_check_deploy_passes_with_the_documented_settings(tmp_path):
    env = readme_deploy_env()
    assert env["TEFUDA_HTTPS"] == "1" and env["TEFUDA_TRUSTED_PROXIES"]
    env.pop("DATABASE_URL", None)  # the check does not connect; SQLite stands in
    env.pop("REDIS_URL", None)
    env.pop("TEFUDA_VAR_DIR", None)  # the test's own folder instead
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, env=clean_env(tmp_path, **env))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


@pytest.fixture
def daphne(tmp_path):
    """Start daphne (without --proxy-headers, as the README says) with extra settings."""
    procs = []

    def start(**env) -> str:
        port = free_port()
        var = tmp_path / f"var{len(procs)}"
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True, timeout=120,
                       env=clean_env(var, **env))
        proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                 "tefuda_site.asgi:application"], cwd=ROOT, env=clean_env(var, **env),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(proc)
        wait_port(port, proc, 60)
        return f"http://127.0.0.1:{port}"

    yield start
    for proc in procs:
        proc.terminate()
        proc.wait(10)


def join_attempts(base: str, n: int, forwarded: bool) -> list[int]:
    """POST the top page's form ``n`` times, each claiming another client address."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    _, _, top = fetch(base + "/", opener=opener)
    token = CSRF.search(top).group(1)
    statuses = []
    for i in range(n):
        headers = {"X-Forwarded-For": f"203.0.113.{i + 1}", "X-Forwarded-Proto": "http"} if forwarded else {}
        data = urllib.parse.urlencode({"name": "", "passphrase": "", "csrfmiddlewaretoken": token}).encode()
        statuses.append(fetch(base + "/rooms/enter/", headers={**headers, "Referer": base + "/"}, data=data,
                              opener=opener)[0])
    return statuses


def test_forwarded_headers_count_only_from_a_listed_proxy(daphne):
    stranger = daphne(TEFUDA_TRUSTED_PROXIES="192.0.2.1")  # we are not that proxy
    statuses = join_attempts(stranger, 32, forwarded=True)
    assert statuses[:30] == [400] * 30 and statuses[30:] == [429, 429]  # one client however it claims
    proxy = daphne(TEFUDA_TRUSTED_PROXIES="127.0.0.1")  # we are the site's proxy
    assert join_attempts(proxy, 32, forwarded=True) == [400] * 32  # 32 clients behind it


def test_https_behind_the_proxy_sets_secure_cookies_and_hsts(daphne):
    base = daphne(TEFUDA_TRUSTED_PROXIES="127.0.0.1", TEFUDA_HTTPS="1")
    status, headers, _ = fetch(base + "/", headers={"X-Forwarded-Proto": "https"})
    assert status == 200
    assert "max-age=31536000" in headers["Strict-Transport-Security"]
    cookies = headers.get_all("Set-Cookie")
    assert cookies and all("Secure" in c for c in cookies)
    status, headers, _ = fetch(base + "/", headers={"X-Forwarded-Proto": "http"})
    assert status == 301 and headers["Location"].startswith("https://")  # plain HTTP is sent to TLS


@pytest.mark.django_db
def test_the_admin_login_locks_out_after_repeated_failures(client, django_user_model):
    django_user_model.objects.create_superuser("staff", password="correct horse battery staple")
    statuses = [client.post("/admin/login/?next=/admin/", {"username": "staff", "password": "wrong"}).status_code
                for _ in range(6)]
    assert statuses == [200] * 4 + [429, 429]  # the form again with its error, then locked (the 5th failure)
    r = client.post("/admin/login/?next=/admin/", {"username": "staff", "password": "correct horse battery staple"})
    assert r.status_code == 429 and "ログインを一時停止" in r.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_the_500_page_is_the_sites_own(rf):
    from django.views.defaults import server_error

    r = server_error(rf.get("/"))
    assert r.status_code == 500 and "サーバーで問題が起きました" in r.content.decode()
