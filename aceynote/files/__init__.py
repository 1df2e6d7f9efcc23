"""Files on disk: safe writing (:mod:`.writing`), the record file the replay app opens and saves (:mod:`.record`), and a game's end as the app edits it (:mod:`.ending`)."""
