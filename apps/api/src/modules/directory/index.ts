// What others may use of the directory module (docs/decisions/034-modules-by-domain.md): the
// public reads the server renderer answers /directory with, and the dashboard's figures.
export { directoryReads } from './routes';
export { directoryCounts } from './service';
