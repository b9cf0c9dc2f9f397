/// <reference lib="webworker" />
import { readImportFile } from './import-read';

// One file per worker: the panel terminates it when another file is chosen meanwhile.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<File>) => void readImportFile(event.data, (read) => scope.postMessage(read));
