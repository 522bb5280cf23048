/**
 * s3rver (a fake S3 server that keeps objects as files) as a process of its
 * own, for `npm run cluster` and the blob store benchmark:
 * `node --import tsx scripts/cluster/s3rver.ts <port> <folder> <bucket>`;
 * prints `ready <port>` once it listens on 127.0.0.1 (port 0: a free one;
 * credentials S3RVER / S3RVER).
 */
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket! }] });
const address = await server.run();
process.stdout.write(`ready ${address.port}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
