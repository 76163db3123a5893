"""Wyrm: a pocket table companion for five dragon board games."""

VERSION = "0.1.0"
