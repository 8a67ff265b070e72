# check_stats.awk: summarise a SPRIG_STATS=1 table (runtime/stats.cpp) for FileCheck.
#   awk -v MAXPER=N -f check_stats.awk STATS_FILE
# Prints the workers announced and the per-worker rows found, the totals (spawns, steals),
# "stolen: yes" when something was stolen and ran on a fiber (steals > 0 and a fiber in use
# at the peak; else "stolen: none"),
# "fibers: F (limit L): ok" or "... OVER" for F the fibers in use at the peak and
# L = MAXPER x workers: the space bound (fibers are recycled, not allocated per steal);
# and "allocated: A (limit L2): ok|OVER" for the fibers mapped in all, where L2 adds what
# the other workers' local pools may keep (runtime/config.h, kLocalFiberPool = 8 each):
# a fiber cached in one worker's pool is not one another worker can take.
/^sprig stats \(/ { workers = substr($3, 2) + 0; header = 1 }
/^ *worker +spawns +steals +steal_tries +requests +forced +publishes +susp_syncs +fibers *$/ { columns = 1 }
/^ *[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ *$/ { rows++ }
/^ *total / { spawns = $2; steals = $3; fibers = $9; total = 1 }
/^peak stack bytes mapped: / { mapped = 1 }
/^peak fibers in use: / { peak = $5 + 0 }
END {
  printf "table: %s\n", (header && columns && total && mapped) ? "complete" : "INCOMPLETE"
  printf "workers: %d, rows: %d\n", workers, rows
  printf "spawns: %s\n", spawns
  printf "steals: %s\n", steals
  printf "stolen: %s\n", (steals > 0 && peak > 0) ? "yes" : "none"
  limit = MAXPER * workers
  printf "fibers: %d (limit %d): %s\n", peak, limit, (peak <= limit) ? "ok" : "OVER"
  limit2 = limit + 8 * (workers - 1)
  printf "allocated: %d (limit %d): %s\n", fibers, limit2, (fibers <= limit2) ? "ok" : "OVER"
}
