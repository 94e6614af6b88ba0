export {
  chunksHolding,
  formatInitialLoad,
  initialChunks,
  measureFiles,
  measureInitialJs,
  packageOf,
  readManifest,
  type ChunkSize,
  type InitialLoad,
  type Manifest,
  type ManifestChunk,
} from './analyze';
