"""Files on disk: safe writing (:mod:`.writing`), the record file the replay app opens and saves (:mod:`.record`), and the recovery file a stop signal writes (:mod:`.recovery`)."""
