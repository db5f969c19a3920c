"""Site-wide pages."""
from django.shortcuts import redirect, render
from django.templatetags.static import static


def top(request):
    """The top page: enter a room by name + passphrase, or practise alone."""
    return render(request, "top.html")


def favicon(request):
    """/favicon.ico, which browsers ask for on pages that name no icon (the admin's): the
    site's SVG icon."""
    return redirect(static("favicon.svg"), permanent=True)
