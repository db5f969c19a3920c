"""Site-wide pages."""
from django.shortcuts import render


def top(request):
    """The top page: enter a room by name + passphrase, or practise alone."""
    return render(request, "top.html")
