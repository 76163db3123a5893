"""What make builds: deploy, the UF2 and its filesystem image, wiring and build pictures,
the case, the font, the screenshots."""
