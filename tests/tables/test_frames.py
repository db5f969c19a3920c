"""A tab's messages (tables/core/frames.py): a changed part is sent whole, or only its
changed pieces when nothing else of it changed; the test tab's page model puts the pieces
in as the page does."""
from types import SimpleNamespace

from tables.core.frames import Frames, changed, split, top_level, with_pieces

SEATS = ('<ol id="seats" data-n="2">{}</ol>')
ROW = '<!--p:seat-{0}--><li id="seat-{0}" class="seat{1}"><span>{2}枚</span></li><!--/p-->'


def seats(*rows) -> str:
    return SEATS.format("".join(ROW.format(*r) for r in rows))


def screen(**parts):
    return SimpleNamespace(kind="table", parts=parts, stage_template="", context={})


def test_only_the_changed_pieces_are_sent():
    old = seats((0, " turn", 13), (1, "", 13))
    new = seats((0, "", 12), (1, " turn", 13))
    assert changed(old, new) == ['<li id="seat-0" class="seat"><span>12枚</span></li>',
                                 '<li id="seat-1" class="seat turn"><span>13枚</span></li>']
    assert changed(new, seats((0, "", 12), (1, "", 13))) == ['<li id="seat-1" class="seat"><span>13枚</span></li>']


def test_a_part_whose_shell_changed_is_sent_whole():
    old = seats((0, "", 13), (1, "", 13))
    assert changed(old, old.replace('data-n="2"', 'data-n="3"')) == [old.replace('data-n="2"', 'data-n="3"')]
    grown = seats((0, "", 13), (1, "", 13), (2, "", 13))  # a new piece
    assert changed(old, grown) == [grown]
    assert changed(None, old) == [old]
    assert changed("<p id='x'>a</p>", "<p id='x'>b</p>") == ["<p id='x'>b</p>"]  # no pieces


def test_split_keeps_the_markers_in_the_shell():
    shell, pieces = split(seats((0, "", 1)))
    assert shell == '<ol id="seats" data-n="2"><!--p:seat-0--></ol>'
    assert pieces == {"seat-0": '<li id="seat-0" class="seat"><span>1枚</span></li>'}


def test_frames_send_pieces_and_the_page_model_puts_them_in():
    frames = Frames()  # as after a whole stage with these parts
    frames.kind, frames.sent = "table", {"seats": seats((0, " turn", 13), (1, "", 13))}
    page = frames.sent["seats"]
    msg = frames.message(screen(seats=seats((0, "", 12), (1, " turn", 13))), full=False, version=2, now_ms=0)
    assert 'id="seats"' not in msg and set(top_level(msg)) == {"seat-0", "seat-1", "ver"}
    assert with_pieces(page, msg) == seats((0, "", 12), (1, " turn", 13))
    again = frames.message(screen(seats=seats((0, "", 12), (1, " turn", 13))), full=False, version=3, now_ms=0)
    assert set(top_level(again)) == {"ver"}


def test_a_message_comes_in_groups_in_order_each_later_one_marked_for_an_out_of_band_swap():
    """A message's groups (tables/core/frames.py ORDER), each after ``<!--later-->``: the
    field (unmarked: the ws extension swaps it), the seats, then the hand with #ver and
    a seat token (try31: a turn on screen must be playable), then the rest, then the log, the graveyard, the card counter and これまでの局,
    one group each; every element after the first mark marked ``hx-swap-oob`` (htmx's own
    swap, static/room.js), the hand's cards to be morphed. Groups with nothing are left out."""
    from tables.core.frames import LATER

    frames = Frames()
    log = '<ol id="log"><li>a</li></ol>'
    grave = '<details id="graveyard"><!--p:grave-3--><span id="grave-3">3</span><!--/p--></details>'
    hand = '<form id="hand-form"><!--p:hand-cards--><div id="hand-cards" data-morph>{}</div><!--/p--></form>'
    frames.kind, frames.sent = "table", {"seats": seats((0, " turn", 13)), "log": log, "graveyard": grave,
                                         "hand": hand.format(1), "status": '<p id="status">1</p>', "field": '<p id="field">1</p>'}
    msg = frames.message(screen(seats=seats((0, "", 12)), log=log.replace("a", "b"), graveyard=grave.replace(">3<", ">33<"),
                                hand=hand.format(2), status='<p id="status">2</p>', field='<p id="field">2</p>'),
                         full=False, version=2, now_ms=0, token="t")
    groups = msg.split(LATER)
    assert [list(top_level(g)) for g in groups] == [["field"], ["seat-0"], ["hand-cards", "ver", "seat-token"], ["status"], ["log"], ["grave-3"]]
    assert groups[0] == '<p id="field">2</p>'  # unmarked
    assert groups[1] == '<li hx-swap-oob="true" id="seat-0" class="seat"><span>12枚</span></li>'
    assert groups[2].startswith('<div hx-swap-oob="morph" id="hand-cards" data-morph>2</div><div hx-swap-oob="true" id="ver"')
    assert groups[3] == '<p hx-swap-oob="true" id="status">2</p>'
    assert groups[4:] == ['<ol hx-swap-oob="true" id="log"><li>b</li></ol>', '<span hx-swap-oob="true" id="grave-3">33</span>']
    assert set(top_level(msg)) == {"field", "seat-0", "hand-cards", "status", "ver", "seat-token", "log", "grave-3"}  # the test clients read it whole
    quiet = frames.message(screen(seats=seats((0, " turn", 12)), log=log.replace("a", "b"), graveyard=grave.replace(">3<", ">33<"),
                                  hand=hand.format(2), status='<p id="status">2</p>', field='<p id="field">2</p>'), full=False, version=3, now_ms=0)
    assert quiet.split(LATER)[0] == '<li id="seat-0" class="seat turn"><span>12枚</span></li>' and len(quiet.split(LATER)) == 2
    alone = frames.message(screen(seats=seats((0, " turn", 12)), log=log.replace("a", "b"), graveyard=grave.replace(">3<", ">33<"),
                                  hand=hand.format(2), status='<p id="status">2</p>', field='<p id="field">2</p>'), full=False, version=4, now_ms=0)
    assert LATER not in alone and "hx-swap-oob" not in alone and set(top_level(alone)) == {"ver"}  # nothing changed: #ver alone


def test_a_part_or_piece_that_says_data_morph_is_sent_to_be_morphed():
    """The hand's cards (``data-morph``) are marked ``hx-swap-oob="morph"`` (htmx's idiomorph
    extension keeps every card still in the hand); any other part or piece is swapped as
    before. A forgotten part with pieces (a hint's hand) is sent again piece by piece."""
    from markupsafe import Markup

    from tables.core.frames import morphed

    cards = '<div id="hand-cards" class="cards" style="--n:{0}" data-fan data-morph>{1}</div>'
    card = '<label class="card" id="hc{0}"><input type="checkbox" name="card" value="{0}"></label>'
    form = ('<form id="hand-form" class="hand"><!--p:hand-cards-->{0}<!--/p-->'
            '<!--p:hand-controls--><div id="hand-controls" class="controls{1}"></div><!--/p--></form>')
    hand = lambda ids, turn: form.format(cards.format(len(ids), "".join(card.format(i) for i in ids)), turn)  # noqa: E731
    frames = Frames()
    frames.kind, frames.sent = "table", {"hand": hand([3, 5, 9], " my-turn"), "seats": seats((0, " turn", 3))}
    msg = frames.message(screen(hand=hand([3, 9], ""), seats=seats((0, "", 2))), full=False, version=2, now_ms=0)
    tops = top_level(msg)
    assert tops["hand-cards"].startswith('<div hx-swap-oob="morph" id="hand-cards" class="cards" style="--n:2"')
    assert tops["hand-controls"] == '<div hx-swap-oob="true" id="hand-controls" class="controls"></div>'  # swapped whole
    assert tops["seat-0"] == '<li id="seat-0" class="seat"><span>2枚</span></li>'
    frames.forget("hand")  # (a hint: the page's checkboxes may differ from what was sent)
    again = top_level(frames.message(screen(hand=hand([3, 9], ""), seats=seats((0, "", 2))), full=False, version=3, now_ms=0))
    assert set(again) == {"hand-cards", "hand-controls", "ver"} and again["hand-cards"].startswith('<div hx-swap-oob="morph"')
    frames.forget("seats")
    assert set(top_level(frames.message(screen(hand=hand([3, 9], ""), seats=seats((0, "", 2))), full=False, version=4,
                                        now_ms=0))) == {"seat-0", "ver"}
    frames.sent["msg"] = '<p id="msg">a</p>'
    frames.forget("msg")  # no pieces: sent whole next time
    assert "msg" not in frames.sent
    assert morphed('<p id="x" title="data-morph">a</p>') == '<p id="x" title="data-morph">a</p>'  # an attribute's name only
    assert morphed('<p id="x" data-morphs>a</p>') == '<p id="x" data-morphs>a</p>'
    assert morphed('<p id="x" data-morph="">a</p>') == '<p hx-swap-oob="morph" id="x" data-morph="">a</p>'
    assert morphed(Markup('<p id="x" data-morph>&amp;</p>')) == '<p hx-swap-oob="morph" id="x" data-morph>&amp;</p>'  # a whole part
