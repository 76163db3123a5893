"""Wyrm in the browser: build (``build.py``), serve (``serve.py``), page files."""
