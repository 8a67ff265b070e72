# check_stats.awk: summarise a SPRIG_STATS=1 table (runtime/stats.cpp) for FileCheck.
#   awk -v MAXPER=N -f check_stats.awk STATS_FILE
# Prints the workers announced and the per-worker rows found, the totals (spawns, steals,
# fibers allocated), and "fibers: F (limit L): ok" or "... OVER", where L = MAXPER x
# workers: the space bound (fibers are recycled, not allocated per steal).
/^sprig stats \(/ { workers = substr($3, 2) + 0; header = 1 }
/^ *worker +spawns +steals +steal_tries +susp_syncs +fibers *$/ { columns = 1 }
/^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ *$/ { rows++ }
/^ *total / { spawns = $2; steals = $3; fibers = $6; total = 1 }
/^peak stack bytes mapped: / { mapped = 1 }
END {
  printf "table: %s\n", (header && columns && total && mapped) ? "complete" : "INCOMPLETE"
  printf "workers: %d, rows: %d\n", workers, rows
  printf "spawns: %s\n", spawns
  printf "steals: %s\n", steals
  limit = MAXPER * workers
  printf "fibers: %d (limit %d): %s\n", fibers, limit, (fibers <= limit) ? "ok" : "OVER"
}
