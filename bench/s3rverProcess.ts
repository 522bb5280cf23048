/**
 * s3rver (a fake S3 server) as a process of its own for the blob store
 * benchmark: `node --import tsx bench/s3rverProcess.ts <port> <folder> <bucket>`;
 * prints `ready` once it listens on 127.0.0.1.
 */
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket! }] });
await server.run();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
