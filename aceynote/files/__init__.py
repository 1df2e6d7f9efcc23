"""Files on disk: safe writing (:mod:`.writing`) and the record file the replay app opens and saves (:mod:`.record`)."""
