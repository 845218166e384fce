"""Al Nofi's *Imperium Romanum*: data model, map grid and data loader (issue 16).

Pure: nothing here reads the network, a database or Discord.  The data lives in ``data/``
(TOML, every value tagged rules / inferred / history / design; see
``docs/imperium-romanum-data.md``).
"""
