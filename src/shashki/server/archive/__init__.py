"""The game archive: PDN imports, search, the viewer and downloads."""
