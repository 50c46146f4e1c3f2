"""HTTP routes: pages (:mod:`.pages`), the JSON API (:mod:`.api`), live games (:mod:`.ws`)."""
