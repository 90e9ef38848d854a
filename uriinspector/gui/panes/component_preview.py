"""The Components pane's pictures: a data: image's thumbnail and a decoder flag's dot.

Images are decoded with Qt's image reader from the payload bytes (never loaded as HTML
or run), refused above ``MAX_PREVIEW_PIXELS``, and scaled to a ``THUMBNAIL`` square.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QImageReader, QPainter, QPixmap

#: Thumbnails are at most this many pixels on a side.
THUMBNAIL = 128
#: Images with more pixels than this are not decoded for a preview.
MAX_PREVIEW_PIXELS = 16_000_000


def thumbnail(data: bytes) -> tuple[QPixmap | None, str]:
    """Decode ``data`` into a thumbnail and say what it is, or say why it cannot be."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QBuffer.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setDecideFormatFromContent(True)
    size = reader.size()
    fmt = bytes(reader.format().data()).decode("ascii", "replace").upper()
    result: tuple[QPixmap | None, str]
    if size.isValid() and size.width() * size.height() > MAX_PREVIEW_PIXELS:
        result = (None, f"{fmt} image of {size.width()}×{size.height()} px: too large "
                  "to preview")
    else:
        image: QImage = reader.read()
        if image.isNull():
            result = (None, f"the image could not be decoded ({reader.errorString()})")
        else:
            thumb = image
            if image.width() > THUMBNAIL or image.height() > THUMBNAIL:
                thumb = image.scaled(THUMBNAIL, THUMBNAIL, Qt.AspectRatioMode.KeepAspectRatio,
                                     Qt.TransformationMode.SmoothTransformation)
            elif max(image.width(), image.height()) < 64:  # tiny: enlarge, crisp pixels
                scale = max(1, 64 // max(image.width(), image.height()))
                thumb = image.scaled(image.width() * scale, image.height() * scale)
            result = (QPixmap.fromImage(thumb),
                      f"{fmt} image, {image.width()}×{image.height()} px, "
                      f"{len(data):,} bytes")
    buffer.close()
    return result


def flag_dot(colour: QColor) -> QIcon:
    """A 12 px filled circle in ``colour`` (a decoder flag's mark beside its words)."""
    pix = QPixmap(12, 12)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(colour)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(1, 1, 10, 10)
    painter.end()
    return QIcon(pix)
