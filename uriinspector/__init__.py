"""URI Inspector: take a URI apart, span by span, in every edition of the standard."""

__version__ = "0.1.0"
APP_ID = "io.github.uriinspector.UriInspector"
