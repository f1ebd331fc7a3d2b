// The media worker's loop (#43): every MEDIA_POLL_MS a round claims due media sources (domain/media/store.ts: leases
// keep processes sharing a database from fetching one twice) and runs up to MEDIA_CONCURRENCY of them through the
// pipeline (media-pipeline.ts: sniff, sanitise SVG, thumbnails with sharp). A round that found work is followed by
// another at once. Runs where the Metadata services are, when MEDIA_CACHE is on.
import type client from 'prom-client';
import type { MediaConfig } from '../config';
import type { Logger } from '../config/logger';
import type { MediaService } from '../domain/media/service';
import { createMediaPipeline } from './media-pipeline';
import { createPoller, type WakeablePoller } from './poller';

export const createMediaWorker = ({
  media,
  settings,
  logger,
  metricsRegistry,
}: {
  media: Pick<MediaService, 'process'>;
  settings: Pick<MediaConfig, 'pollMs' | 'concurrency' | 'maxPixels' | 'maxDimension'>;
  logger: Logger;
  metricsRegistry?: client.Registry;
}): WakeablePoller => {
  const pipeline = createMediaPipeline(settings);
  let poller: WakeablePoller;
  const tick = async () => {
    const done = await media.process(settings.concurrency, pipeline);
    if (done) poller.wake();
  };
  poller = createPoller({ name: 'media', everyMs: settings.pollMs, firstTickNow: false, tick, logger, metricsRegistry });
  return poller;
};
