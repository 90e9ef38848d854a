"""The Samples menu: one submenu per gallery group, one action per entry.

The data comes from the Qt-free ``uriinspector.samples``; this module only turns it
into menus. An entry's note is its status tip, so hovering shows what it teaches.
The window's menu is filled when it first opens (``fill_on_first_show``): reading the
gallery and making ~60 actions no longer delays the first paint.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from uriinspector.samples import Sample


def fill_on_first_show(menu: QMenu, load: Callable[[Sample], None]) -> None:
    """Fill ``menu`` with the gallery just before it first opens (``aboutToShow``).

    ``find_sample_action`` fills it too, so scripts and tests need not open it.
    """

    def fill() -> None:
        if not menu.property("samplesFilled"):
            menu.setProperty("samplesFilled", True)
            menu.aboutToShow.disconnect(fill)
            build_samples_menu(menu, load)

    menu.setProperty("samplesFilled", False)
    menu.aboutToShow.connect(fill)


def build_samples_menu(menu: QMenu, load: Callable[[Sample], None]) -> None:
    """Fill ``menu`` with the gallery; choosing an entry calls ``load(entry)``.

    A broken gallery file gives one disabled item that says why (never fatal).
    """
    from uriinspector.gui.field.chips import visible_text
    from uriinspector.samples import GalleryError, gallery

    menu.setProperty("samplesFilled", True)
    menu.setToolTipsVisible(True)
    try:
        groups = gallery()
    except (GalleryError, OSError) as exc:
        menu.addAction(f"(the sample gallery could not be read: {exc})").setEnabled(False)
        return
    for group in groups:
        sub = menu.addMenu(group.title)
        sub.setToolTipsVisible(True)
        for sample in group.samples:
            if sample.is_resolution:
                label = f"{visible_text(sample.title, 40)}   →   {sample.target or ''}"
            else:
                label = f"{sample.title}   {visible_text(sample.uri or '', 48)}"
            action = sub.addAction(label.replace("&", "&&"))
            action.setStatusTip(sample.note)
            action.setToolTip(f"{sample.note}\n{sample.source}")
            action.triggered.connect(lambda _checked=False, s=sample: load(s))


def find_sample_action(menu: QMenu, group_title: str, title: str) -> object | None:
    """The action of entry ``title`` in submenu ``group_title`` (for tests and scripts)."""
    if menu.property("samplesFilled") is False:
        menu.aboutToShow.emit()  # as if opened: fill_on_first_show fills it now
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu) and action.text() == group_title.replace("&", "&&"):
            for entry in sub.actions():
                if entry.text().replace("&&", "&").startswith(title):
                    return entry
    return None
