"""The Game, Rules and error API of the native module, without the native binary."""

import copy
import pickle

import pytest

import mingmang


def test_variants_and_options_come_from_the_engine_tables():
    assert mingmang.variants()[0] == "mingmang"
    assert "makyek-hunt" in mingmang.variants()
    names = [o.name for o in mingmang.Rules.options()]
    assert names[:2] == ["Variant", "BoardSize"]
    skill = next(o for o in mingmang.Engine.options() if o.name == "Skill Level")
    assert (skill.kind, skill.range, skill.default) == ("spin", (0, 20), "20")


def test_rules_accept_python_keywords_and_protocol_names():
    rules = mingmang.Rules("gundru", territory=True, MaxPlies=200)
    assert rules.describe() == "gundru territory max-plies 200"
    assert (rules.width, rules.height) == (9, 9)
    assert rules.get("max_plies") == "200"
    rules.set("BoardSize", "7x5")
    assert (rules.width, rules.height) == (7, 5)
    assert rules == mingmang.Rules("gundru", board_size="7x5", territory=True, max_plies=200)


def test_keyword_options_apply_in_the_table_order_as_in_every_binding():
    # The board comes before the variant it fits in the call, after it in the table.
    rules = mingmang.Rules("gala", board_size="8x8", Variant="mingmang")
    assert (rules.variant, rules.width) == ("mingmang", 8)
    # A refused set changes nothing.
    with pytest.raises(mingmang.OptionError):
        mingmang.Rules("gala", max_plies=50, board_size="8x8")


def test_play_undo_and_history():
    game = mingmang.Game("mingmang", board_size="5x5")
    assert game.position() == "wbbbb/w3b/w3b/w3b/wwwwb w"
    assert game.side_to_move == "white"
    first = game.legal_moves()[0]
    game.play(first)
    assert game.moves() == [first] and game.ply == 1
    assert game.side_to_move == "black"
    assert game.undo() == first
    assert game.undo() is None
    with pytest.raises(IndexError):
        game.pop()
    game.push(first)
    assert game.pop() == first


def test_play_moves_is_all_or_nothing():
    game = mingmang.Game()
    with pytest.raises(mingmang.MoveError, match="move 2"):
        game.play_moves("a2b2 a1a9")
    assert game.ply == 0
    game.play_moves(["a2b2", "h2g2"])
    assert game.moves() == ["a2b2", "h2g2"]


def test_from_position_and_moves():
    game = mingmang.Game("gala", position="7/7/7/7/7/7/7 b w13b10", moves="d4 d5")
    assert game.position() == "7/7/3w3/3b3/7/7/7 b w12b9"
    assert game.start_position() == "7/7/7/7/7/7/7 b w13b10"
    # A position string sets the board's size for this game.
    small = mingmang.Game("mingmang", position="wbbbb/w3b/w3b/w3b/wwwwb w")
    assert (small.width, small.height) == (5, 5)


def test_a_walled_in_side_loses():
    game = mingmang.Game(position="4/4/b3/wb2 w")
    outcome = game.outcome()
    assert outcome.is_over and outcome.status == "black_wins"
    assert (outcome.winner, outcome.reason, outcome.protocol) == ("black", "no_legal_move", "p2win")
    assert game.result() == "0-1" and game.is_game_over()
    assert game.legal_moves() == [] and game.legal_actions() == []
    with pytest.raises(mingmang.GameOverError, match="the game is over"):
        game.play("a1a2")


def test_ply_limit_and_territory_outcomes():
    # MaxPlies 1: a4c4 converts c3 and the count decides, 3 to 2.
    game = mingmang.Game(position="5b/6/w5/2b3/2w3/b5 w", moves="a4c4", max_plies=1)
    assert (game.outcome().status, game.outcome().reason) == ("white_wins", "ply_limit")
    assert game.result() == "1-0"
    # Two passes under territory scoring end the game.
    game = mingmang.Game("mingmang", board_size="5x5", territory=True, moves="0000 0000")
    outcome = game.outcome()
    assert outcome.reason == "territory" and outcome.territory is not None
    assert sum(outcome.territory) <= 25


def test_errors_carry_the_engine_message():
    cases = [
        (lambda: mingmang.Game("chess"), mingmang.OptionError, "unknown variant 'chess'"),
        (lambda: mingmang.Rules("rek", territory=True), mingmang.OptionError, "territory option belongs to Ming Mang"),
        (lambda: mingmang.Rules(board_size="3x3"), mingmang.OptionError, "BoardSize"),
        (lambda: mingmang.Rules(no_such_option=1), mingmang.OptionError, "no_such_option"),
        (lambda: mingmang.Game(position="zzz"), mingmang.PositionError, "side to move"),
        (lambda: mingmang.Game("rek", position="wbbbb/w3b/w3b/w3b/wwwwb w"), mingmang.PositionError, ""),
        (lambda: mingmang.Game().play("a1a9"), mingmang.MoveError, "a9"),
        (lambda: mingmang.Game().play(""), mingmang.MoveError, ""),
        (lambda: mingmang.Game().perft(99), mingmang.LimitsError, "above"),
        (lambda: mingmang.Engine(threads=0), mingmang.OptionError, "out of range"),
        (lambda: mingmang.Engine().option("Variant"), mingmang.OptionError, "unknown engine option"),
        (lambda: mingmang.action_to_move(10**6, 5, 5), mingmang.MoveError, "not one of"),
        (lambda: mingmang.move_to_action("z9z9", 5, 5), mingmang.MoveError, "not a move"),
    ]
    for call, kind, text in cases:
        with pytest.raises(kind) as caught:
            call()
        assert text in str(caught.value)
        assert isinstance(caught.value, mingmang.MingmangError)
        assert isinstance(caught.value, ValueError)


def test_the_action_encoding_refuses_boards_the_engine_has_not():
    for width, height in [(0, 0), (3, 8), (8, 20), (10**9, 10**9)]:
        with pytest.raises(ValueError, match="4 to 19 files"):
            mingmang.num_actions(width, height)
        with pytest.raises(ValueError, match="4 to 19 files"):
            mingmang.action_to_move(0, width, height)


def test_wrong_python_types_raise_the_engines_errors():
    # Not PyO3's TypeError or OverflowError: every bad input is a MingmangError (test_errors.py
    # has the whole table).
    with pytest.raises(mingmang.OptionError):
        mingmang.Rules(board_size=3.5)
    with pytest.raises(mingmang.OptionError):
        mingmang.Game(42)
    with pytest.raises(mingmang.MoveError):
        mingmang.Game(moves=[1, 2])
    with pytest.raises(mingmang.LimitsError):
        mingmang.Game().perft(-1)


def test_copy_and_pickle_keep_rules_and_history():
    game = mingmang.Game("mingmang", board_size="6x6", enchained_capture=True, moves="a2b2")
    for twin in (game.copy(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert twin.moves() == game.moves()
        assert twin.position() == game.position()
        assert twin.rules == game.rules
        twin.play(twin.legal_moves()[0])
        assert game.ply == 1


def test_action_encoding_round_trips():
    for variant in mingmang.variants():
        game = mingmang.Game(variant)
        width, height = game.width, game.height
        assert len(set(game.legal_actions())) == len(game.legal_moves())
        for move in game.legal_moves():
            action = mingmang.move_to_action(move, width, height)
            assert 0 <= action < mingmang.num_actions(width, height)
            assert mingmang.action_to_move(action, width, height) == move
    assert mingmang.move_to_action("0000", 5, 5) == 25 * 25 + 25
    assert mingmang.move_to_action("a1", 5, 5) == 25 * 25
    assert mingmang.move_to_action("a1b1", 5, 5) == 1
    assert mingmang.move_to_action("a2-a1", 5, 5) == 5 * 25


def test_the_action_mask_marks_the_legal_actions():
    for variant in mingmang.variants():
        game = mingmang.Game(variant, territory=True) if variant == "mingmang" else mingmang.Game(variant)
        mask = game.action_mask()
        assert len(mask) == mingmang.num_actions(game.width, game.height)
        assert [i for i, legal in enumerate(mask) if legal] == game.legal_actions()
    over = mingmang.Game(position="4/4/b3/wb2 w")
    assert not any(over.action_mask())


def test_play_action_plays_the_encoded_move():
    game = mingmang.Game("gala")
    action = game.legal_actions()[0]
    game.play_action(action)
    assert game.moves() == ["d4"]


def test_print_draws_the_board_and_piece_at_reads_a_square():
    game = mingmang.Game("rek")
    drawing = str(game)
    lines = drawing.splitlines()
    assert lines[0] == "8 b b b b b b b ."
    assert lines[1] == "7 . . . . . . . B"
    assert lines[-2] == "  a b c d e f g h"
    assert lines[-1] == "white to move"
    pieces = [game.piece_at(square) for square in ("b1", "a2", "h7", "a1")]
    assert pieces == ["w", "W", "B", None]
    with pytest.raises(mingmang.PositionError, match="'i9' is not a square of this board"):
        game.piece_at("i9")
    with pytest.raises(mingmang.PositionError):
        game.piece_at(3)
    # Gala's hands are shown; a 17x17 board's ranks line up under two-digit numbers.
    assert str(mingmang.Game("gala")).endswith("black to move; in hand: white 13, black 10")
    tibetan = str(mingmang.Game("tibetan")).splitlines()
    assert tibetan[0].startswith("17 ") and tibetan[16].startswith(" 1 ")


def test_captures_before_and_after_a_move_and_the_threats():
    game = mingmang.Game(position="2w1/2b1/wb2/4/2w1 w")
    assert game.threats() == {"white": ["b3", "c4"], "black": []}
    assert game.captures("c1c3") == ["b3", "c4"]
    assert game.moves() == [] and game.last_captures() == []
    with pytest.raises(mingmang.MoveError):
        game.captures("a1a9")
    game.play("c1c3")
    assert game.last_captures() == ["b3", "c4"]


def test_a_record_is_written_and_read_back_with_its_rules_and_moves():
    game = mingmang.Game("gundru", territory=True)
    game.play_moves("a2b2 i8h8")
    text = game.record(white="me", black="mingmang", tags={"Date": "2026.12.03"})
    assert '[White "me"]\n[Black "mingmang"]\n[Variant "gundru"]' in text
    assert '[Rules "gundru territory"]' in text and '[Date "2026.12.03"]' in text
    assert text.endswith("\n\n1. a2b2 i8h8 *\n\n")
    again = mingmang.Game.from_record(text)
    assert (again.rules, again.moves(), again.position()) == (game.rules, game.moves(), game.position())
    with pytest.raises(mingmang.RecordError, match="writes the tag 'Result' itself"):
        game.record(tags={"Result": "1-0"})
    with pytest.raises(mingmang.RecordError, match="not a game record"):
        mingmang.Game.from_record("")
    with pytest.raises(mingmang.RecordError, match="unknown word 'sideways'"):
        mingmang.Game.from_record('[Rules "sideways"]\n\n*')
    with pytest.raises(mingmang.MoveError):
        mingmang.Game.from_record('[Variant "rek"]\n\n1. a1a9 *')
    with pytest.raises(mingmang.RecordError):
        mingmang.Game.from_record(42)


def test_a_notebook_shows_the_board_as_svg():
    game = mingmang.Game("rek")
    picture = game._repr_svg_()
    assert picture.startswith("<svg xmlns=\"http://www.w3.org/2000/svg\"") and picture.endswith("</svg>")
    # One circle a piece, and a ring more for each king.
    pieces = sum(1 for line in str(game).splitlines()[:8] for c in line.split()[1:] if c != ".")
    assert picture.count("<circle") == pieces + 2
