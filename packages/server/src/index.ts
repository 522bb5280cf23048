/** Public surface of the server package, for the command line, tests and benchmarks. */
export { buildApp, type AppOptions, type AtriumApp, type RateLimits } from './app.js';
export { loadConfig, ConfigError, type Config, type ObjectStorageConfig } from './config.js';
export { openDatabase, type Database, type Db, type DatabaseLocation } from './db/database.js';
export { openEventBus } from './events/openEventBus.js';
export { runAsCostly } from './db/DatabaseTurns.js';
export { acquireDataLock, DataFolderLockedError } from './dataLock.js';
export { loadOrCreateSecrets } from './secrets.js';
export { createBlobStores, createStores, type BlobStores, type Stores } from './stores.js';
export { startServer, type RunningServer } from './server.js';
export { InstallService, InstallRefused, type InstallOutcome } from './declarations/InstallService.js';
export { conditionSql, listQuerySql, recordSearchSql, scopeSql, type ListTarget } from './records/queryBuilder.js';
export type { RowScope } from './access/recordRights.js';
export { RecordService } from './records/RecordService.js';
export type { Caller } from './access/Caller.js';
export { DatasetService } from './datasets/DatasetService.js';
export { compileQuery } from './datasets/querySql.js';
export { rowScope } from './access/recordRights.js';
export { DigestService } from './digests/DigestService.js';
