"""The window's parts: menus, dock layout, pane host, focus ring, history, exports.

Each is a plain object that receives what it uses in its constructor and keeps its
own state; ``gui/main_window.MainWindow`` builds them and is the only one that knows
them all. A part asks the window for something only through ``gui/intents.Intents``.
"""
