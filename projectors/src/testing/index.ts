export { startWorkerProcess, type WorkerLine, type WorkerProcess } from './worker-process';
export { addCodes, at, givenDiscount, givenStores, slugOf, storeConfigsOf } from './store-world';
