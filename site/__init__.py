"""Project configuration, imported as ``tefuda_site`` (the folder is site/, but ``site`` is a
standard-library module; pyproject.toml maps the import name with an editable install)."""
