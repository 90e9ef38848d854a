"""A fresh-process probe's watch for the window's first paint, shared by the start-up tests.

``WATCH`` is Python source for a ``python -c`` probe that has imported ``QEvent``,
``QObject``, ``QTimer`` and ``QWidget`` (before anything it records: importing a Qt class
makes its enum types), made ``app`` and defined ``at_paint()``. After it, each window
shown is watched; at the first paint of one, ``at_paint()``'s mapping is kept in ``seen``
and ``app`` told to quit.
"""

WATCH = r"""
seen = {}
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if not seen and event.type() == QEvent.Type.Paint and obj.isWindow():
            seen.update(at_paint())
            QTimer.singleShot(0, app.quit)
        return False
spy = FirstPaint()
_show = QWidget.show
def _watched_show(self):
    self.installEventFilter(spy)
    _show(self)
QWidget.show = _watched_show
"""
