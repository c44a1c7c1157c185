"""The compiled board planes equal their definition in Python, position by position."""

import pytest

np = pytest.importorskip("numpy", reason="numpy comes with the test extra: pip install ./python[test]")

import mingmang
from mingmang import planes


@pytest.mark.parametrize("variant", mingmang.variants())
def test_compiled_planes_equal_the_python_definition(rng, variant):
    game = mingmang.Game(variant, max_plies=60)
    while True:
        for side in ("white", "black"):
            for max_plies in (0, 60):
                np.testing.assert_array_equal(
                    planes.planes(game, side, max_plies),
                    planes.planes_by_python(game, side, max_plies),
                )
        if game.is_game_over():
            break
        game.play(rng.choice(game.legal_moves()))


def test_planes_of_a_known_position():
    # Gala after d4 d5: Black's man on d4 (row 3), White's on d5 (row 4), hands 12 and 9.
    game = mingmang.Game("gala", moves="d4 d5")
    black = planes.planes(game, "black")
    assert black.shape == (9, 7, 7)
    assert black[0, 3, 3] == 1 and black[2, 4, 3] == 1
    assert black[0].sum() == 1 and black[2].sum() == 1 and black[4].sum() == 47
    assert np.allclose(black[6], 9 / 49) and np.allclose(black[7], 12 / 49)
    assert black[5].min() == 1 and planes.planes(game, "white")[5].max() == 0


def test_a_bad_side_is_refused():
    with pytest.raises(ValueError, match="side must be"):
        mingmang.Game().planes("red", 0)
