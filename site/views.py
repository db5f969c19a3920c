"""Site-wide pages."""
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static


def top(request):
    """The top page: enter a room by name + passphrase, or practise alone."""
    return render(request, "top.html")


def favicon(request):
    """/favicon.ico, which browsers ask for on pages that name no icon (the admin's): the
    site's SVG icon."""
    return redirect(static("favicon.svg"), permanent=True)


EXPIRED = "ページの有効期限が切れました。ページを読み込み直してから、もう一度どうぞ。"


def csrf_failure(request, reason: str = ""):
    """A refused CSRF check (settings.CSRF_FAILURE_VIEW): for an htmx form a short message
    the form shows in place (base.html's htmx-config swaps 403 into the form's target),
    else the site's page saying the same. The reason is never shown (it helps no player)."""
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(EXPIRED, status=403, content_type="text/plain; charset=utf-8")
    return render(request, "403_csrf.html", {"message": EXPIRED}, status=403)
