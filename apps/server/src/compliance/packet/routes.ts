/**
 * GET /api/admin/interviews/{id}/packet.pdf and /packet.zip (issue 47 item 7). Admin only (the admin
 * group's guard); each download is written to the access log by privacy's access-log plugin, as an
 * opening of the recording is. Everything that can fail (unknown interview, the PDF) happens before
 * the reply starts, so a failure is a JSON error; the ZIP is then streamed entry by entry.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../http/route-schemas';
import { zipStream } from '../../lib/zip-stream';
import { loadPacket, packetFileName } from './packet-data';
import { packetPdf } from './packet-pdf';

const attachment = (name: string) => `attachment; filename="${name}"`;

const adminPacketRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { params: idParams('Interview') };

  app.get('/admin/interviews/:id/packet.pdf', { schema }, async (request, reply) => {
    const packet = await loadPacket(app.db, app.storage, {
      interviewId: request.params.id,
      adminId: request.auth!.sub,
    });
    const pdf = await packetPdf(packet);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(packetFileName(packet, 'pdf')))
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  app.get('/admin/interviews/:id/packet.zip', { schema }, async (request, reply) => {
    const packet = await loadPacket(app.db, app.storage, {
      interviewId: request.params.id,
      adminId: request.auth!.sub,
    });
    const pdf = await packetPdf(packet);
    const zip = zipStream(
      [
        { name: packetFileName(packet, 'pdf'), data: pdf },
        { name: 'transcript.json', data: packet.transcriptJson },
        ...packet.recording.files.map((f) => ({ name: f.name, data: f.open })),
      ],
      packet.generatedAt,
    );
    // A storage failure mid-way can only cut the download short (the headers are gone): say why in the log.
    zip.on('error', (err) => request.log.error({ err, interviewId: packet.detail.id }, 'packet ZIP failed mid-stream'));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(packetFileName(packet, 'zip')))
      .header('cache-control', 'no-store')
      .send(zip);
  });
};
export default adminPacketRoutes;
