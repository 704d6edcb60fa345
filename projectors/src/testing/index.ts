export { startWorkerProcess, type WorkerLine, type WorkerProcess } from './worker-process';
export { addCodes, at, givenDiscount, givenStores, requestProductImports, slugOf, storeConfigsOf } from './store-world';
