import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A certificate authority of the test's own and a certificate it signed for one host address (openssl, a day
 * long): the OpenID provider's host serves HTTPS with it, and whoever should trust it is given `ca`.
 */
export const certificatesFor = (dir: string, address: string) => {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '1',
    '-subj',
    '/CN=dm-topology-ca',
  );
  openssl('req', ...ec, '-keyout', file('host.key'), '-out', file('host.csr'), '-subj', `/CN=${address}`);
  writeFileSync(file('host.ext'), `subjectAltName=IP:${address}\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    file('host.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('host.crt'),
    '-days',
    '1',
    '-extfile',
    file('host.ext'),
  );
  return {
    caFile: file('ca.crt'),
    ca: readFileSync(file('ca.crt'), 'utf8'),
    keyFile: file('host.key'),
    certFile: file('host.crt'),
  };
};
