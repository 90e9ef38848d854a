"""A notice under the field when the link being inspected is written defanged.

A defanged link *typed* into the field (a paste is refanged by ``gui/intake/intake.py``) is
analysed exactly as typed, so ``hxxps://evil[.]example`` reads with scheme ``hxxps``.
This bar says so in words, shows the refanged target (``Analysis.defanged``, computed
by ``core.defang``) and offers one action to inspect that form; it never rewrites
what the user typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from uriinspector.gui import resources
from uriinspector.gui.plain import plain_label, plain_tooltip, visible_text

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.defang import DefangedReading

#: Characters of the refanged target quoted in the notice (the tooltip has more).
QUOTE_LIMIT = 160


def notice_text(reading: DefangedReading) -> str:
    """The notice's sentence: what was found and what it stands for."""
    marks = ", ".join(dict.fromkeys(m.written for m in reading.marks[:6]))
    return (
        f"This link is written defanged ({visible_text(marks, 60)}): it is inspected as "
        f"typed. Refanged, it is {visible_text(reading.refanged, QUOTE_LIMIT)}"
    )


class DefangNotice(QFrame):
    """The bar: an icon, the sentence, and *Inspect refanged*.

    Signals:
        inspectRequested(str): inspect this text (the refanged form).
    """

    inspectRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("defangNotice")
        self.setAccessibleName("Defanged link notice")
        self.reading: DefangedReading | None = None
        self._built = False
        self.hide()  # its contents are built on first need: not before the first paint

    def _build(self) -> None:
        if self._built:
            return
        self._built = True
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 2, 6, 2)
        self.icon = QLabel(self)
        self.icon.setPixmap(resources.icon("warning").pixmap(16, 16))
        row.addWidget(self.icon)
        self.label = plain_label(QLabel(self))
        self.label.setObjectName("defangNoticeText")
        self.label.setAccessibleName("defangNoticeText")
        self.label.setWordWrap(True)
        row.addWidget(self.label, 1)
        self.inspectButton = QPushButton("Inspect &refanged", self)
        self.inspectButton.setObjectName("defangInspectRefanged")
        self.inspectButton.setAccessibleName("Inspect refanged")
        self.inspectButton.setToolTip("Inspect the refanged form (what the link stands for)")
        self.inspectButton.clicked.connect(self._on_inspect_clicked)
        row.addWidget(self.inspectButton)

    def show_analysis(self, a: Analysis) -> None:
        """Show the notice when ``a``'s text is a defanged link; hide it otherwise."""
        reading = a.defanged
        self.reading = reading
        if reading is None:
            self.hide()
            return
        self._build()
        self.label.setText(notice_text(reading))
        self.label.setToolTip(plain_tooltip(f"As typed: {reading.written}\n"
                                            f"Refanged: {reading.refanged}"))
        self.show()

    def _on_inspect_clicked(self) -> None:
        if self.reading is not None:
            self.inspectRequested.emit(self.reading.refanged)
