"""Steps the browser tests of rooms share."""


def enter(page, url: str, name: str, phrase: str) -> None:
    """Type a name and a passphrase on the top page and wait for the waiting room."""
    page.goto(url + "/")
    page.fill("input[name=name]", name)
    page.fill("input[name=passphrase]", phrase)
    page.click("text=部屋に入る")
    page.wait_for_selector("#lobby")
