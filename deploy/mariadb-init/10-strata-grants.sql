-- Run once by the primary's entrypoint after it created MARIADB_USER; replicated to the replica with the rest.
-- Strata reads its replicas' replication state (SHOW REPLICA STATUS) to skip one that lags or has stopped.
GRANT REPLICA MONITOR ON *.* TO 'strata'@'%';
