// jsdom lacks what react-router (TextEncoder) and oRPC's contract package (web streams) need at import time.
import { TextDecoder, TextEncoder } from 'node:util';
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

Object.assign(globalThis, { TextEncoder, TextDecoder, ReadableStream, TransformStream, WritableStream });
