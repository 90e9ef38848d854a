"""The panes' badge: the shape tells a finding from a grammar error without its colour."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QImage
from pytest import mark

from uriinspector.gui.panes import palette
from uriinspector.gui.panes.badge import SIZE, badge_icon


def _image(round_: bool, hue: str = palette.VERMILLION) -> QImage:
    return badge_icon(QFont(), hue, "×", round_=round_).pixmap(SIZE, SIZE).toImage()


@mark.usefixtures("qapp")
def test_a_square_badge_fills_the_corner_a_round_one_leaves_clear() -> None:
    corner = (5, 5)  # inside the rounded square (radius 5), outside the disc
    assert _image(round_=False).pixelColor(*corner).alpha() == 255
    assert _image(round_=True).pixelColor(*corner).alpha() == 0


@mark.usefixtures("qapp")
def test_the_disc_is_the_hue_and_the_outer_frame_is_clear() -> None:
    image = _image(round_=True, hue=palette.BLUISH_GREEN)
    assert image.pixelColor(16, 5) == QColor(palette.BLUISH_GREEN)  # the disc, above the glyph
    assert image.pixelColor(0, 16).alpha() == 0  # the 2-pixel margin
    assert image.width() == image.height() == SIZE


@mark.usefixtures("qapp")
@mark.parametrize("glyph", ["×", "✓", "!", "i"])
def test_the_glyph_is_painted_white_in_the_middle(glyph: str) -> None:
    image = badge_icon(QFont(), palette.BLUE, glyph, round_=True).pixmap(SIZE, SIZE).toImage()
    whites = sum(
        1
        for x in range(8, 24)
        for y in range(8, 24)
        if min(image.pixelColor(x, y).red(), image.pixelColor(x, y).green()) > 200
    )
    assert whites > 3, f"no white glyph pixels for {glyph!r}"
