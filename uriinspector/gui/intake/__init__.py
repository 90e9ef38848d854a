"""Outside content entering the window: pastes, drops, opened files, documents.

``intake`` is the one door every paste, drop and command-line URI goes through;
``documents`` opens documents and hands them to the child reader. This package
imports nothing, so the window's start-up loads ``intake`` without the reader.
"""
