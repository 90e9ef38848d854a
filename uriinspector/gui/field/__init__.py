"""The URI field: the widget, its chips, its highlighting, its hover text.

Import the modules themselves (``gui.field.widget.UriField``); this package imports
nothing, so importing one part does not load the others.
"""
