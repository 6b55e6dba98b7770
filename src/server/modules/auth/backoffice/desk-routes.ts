// The operator's desk on the player list: tags and notes on a player and the bulk actions on a selection. Each
// route declares the permission of what it changes (a message, a level, a tag, an account's status); the bulk
// service writes an audit row per player. Messages and levels are other domains' actions, handed in here from
// the services the app was built with.
import type { FastifyPluginAsync } from 'fastify';
import type { TypedApp, ValibotTypeProvider } from '../../../lib/validation.ts';
import { ok } from '../../../lib/reply.ts';
import { okBody } from '../../../../shared/schemas/envelope.ts';
import {
  bulkDisableBody,
  bulkLevelBody,
  bulkMessageBody,
  bulkResultView,
  bulkTagBody,
  noteBody,
  notesView,
  playerIdParams,
  playerTagsView,
  tagBody,
  tagView,
  tagsView,
} from '../../../../shared/schemas/backoffice/desk.ts';
import { operatorOf } from '../../staff/request.ts';
import { PlayerDeskService } from './desk-service.ts';
import { PlayerProfileService } from './profile-service.ts';

export const backofficePlayerDeskRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ValibotTypeProvider>();
  const { db, realtime, cashier, messages, vip } = app.services;
  const profile = new PlayerProfileService({ db, publish: realtime.publisher, cardsOnFile: (playerId, limit) => cashier.cardsOnFile(playerId, limit) });
  const desk = new PlayerDeskService({
    db,
    sendMessage: (op, accounts, m) =>
      messages.compose(op, {
        kind: 'personal',
        title: m.title,
        title_en: '',
        body: m.body,
        body_en: '',
        marketing: false,
        segment: { type: 'accounts', accounts: accounts.join('\n') },
      }),
    setLevel: (tx, op, playerId, l) => vip.setLevelManually(op.staffId, playerId, l.levelId, l.locked, l.reason, tx),
    disable: (op, playerId, reason) => profile.setStatus(op, playerId, false, reason),
  });
  tagAndNoteRoutes(app, desk);
  bulkRoutes(app, desk);
};

/** The tag list, a player's tags and the notes operators leave on a player. */
function tagAndNoteRoutes(app: TypedApp, desk: PlayerDeskService): void {
  app.get('/player-tags', { schema: { response: { 200: okBody(tagsView) } }, config: { staff: 'players.read' } }, async () => ok(await desk.tags()));
  app.post(
    '/player-tags',
    {
      schema: { body: tagBody, response: { 200: okBody(tagView) } },
      config: { staff: 'players.tags' },
    },
    async (request) => ok(await desk.createTag(operatorOf(request), request.body.name)),
  );
  app.get(
    '/players/:id/tags',
    {
      schema: { params: playerIdParams, response: { 200: okBody(playerTagsView) } },
      config: { staff: 'players.read' },
    },
    async (request) => ok(await desk.playerTags(request.params.id)),
  );

  app.get(
    '/players/:id/notes',
    {
      schema: { params: playerIdParams, response: { 200: okBody(notesView) } },
      config: { staff: 'players.read' },
    },
    async (request) => ok(await desk.notes(request.params.id)),
  );
  app.post(
    '/players/:id/notes',
    {
      schema: { params: playerIdParams, body: noteBody, response: { 200: okBody(notesView) } },
      config: { staff: 'players.notes' },
    },
    async (request) => ok(await desk.addNote(operatorOf(request), request.params.id, request.body.body)),
  );
}

/** The bulk actions on a selection of players, each under the permission of what it changes. */
function bulkRoutes(app: TypedApp, desk: PlayerDeskService): void {
  const bulk = { response: { 200: okBody(bulkResultView) } };
  app.post('/players/bulk/message', { schema: { body: bulkMessageBody, ...bulk }, config: { staff: 'player_messages.send' } }, async (request) =>
    ok(await desk.bulkMessage(operatorOf(request), request.body.ids, { title: request.body.title, body: request.body.body })),
  );
  app.post('/players/bulk/level', { schema: { body: bulkLevelBody, ...bulk }, config: { staff: 'vip.manage' } }, async (request) =>
    ok(
      await desk.bulkLevel(operatorOf(request), request.body.ids, { levelId: request.body.level_id, locked: request.body.locked, reason: request.body.reason }),
    ),
  );
  app.post('/players/bulk/tag', { schema: { body: bulkTagBody, ...bulk }, config: { staff: 'players.tags' } }, async (request) =>
    ok(await desk.bulkTag(operatorOf(request), request.body.ids, request.body.tag_id, request.body.action)),
  );
  app.post('/players/bulk/disable', { schema: { body: bulkDisableBody, ...bulk }, config: { staff: 'players.manage' } }, async (request) =>
    ok(await desk.bulkDisable(operatorOf(request), request.body.ids, request.body.reason)),
  );
}
