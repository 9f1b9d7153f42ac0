/**
 * `npm run fakes`: the fake services on fixed ports, for a newcomer or for browser tests in another
 * process, and the settings to paste into the app. Ports: FAKE_TRACCAR_PORT (8082),
 * FAKE_EVOLUTION_PORT (8080), FAKE_ASAAS_PORT (8089), FAKE_TILES_PORT (8090), FAKE_VIACEP_PORT
 * (8091). The webhook line points at the app on PORT (its own variable, 3000 by default) or at
 * `--app URL`. Ctrl+C stops them. State lives in memory only (README, "Integrations").
 */
import { startAsaasFake } from './asaas';
import { startEvolutionFake } from './evolution';
import { parseArgs } from 'node:util';
import { startTraccarFake } from './traccar';
import { simulateVehicles } from './traccar-sim';
import { startTilesFake } from './tiles';
import { startViaCepFake } from './viacep';

const port = (name: string, fallback: number) => Number(process.env[name]) || fallback;

const { values: args } = parseArgs({
  options: { veiculos: { type: 'string', default: '0' }, app: { type: 'string' } },
});
// Where the app listens, for the webhook the fake Asaas posts: --app, else the app's own PORT.
const appUrl = (args.app ?? `http://127.0.0.1:${port('PORT', 3000)}`).replace(/\/+$/, '');
const traccar = await startTraccarFake({ port: port('FAKE_TRACCAR_PORT', 8082) });
const tiles = await startTilesFake({ port: port('FAKE_TILES_PORT', 8090) });
const vehicles = Number(args.veiculos) || 0;
const simulation = vehicles > 0 ? simulateVehicles(traccar, { vehicles }) : null;
const evolution = await startEvolutionFake({ port: port('FAKE_EVOLUTION_PORT', 8080) });
const asaas = await startAsaasFake({ port: port('FAKE_ASAAS_PORT', 8089) });
const viacep = await startViaCepFake({ port: port('FAKE_VIACEP_PORT', 8091) });
const instance = 'rastreio';
const instanceToken = evolution.createInstance(instance);

console.log(`
Serviços falsos no ar (Traccar, Evolution/WhatsApp, Asaas, mapa e ViaCEP). Ctrl+C para parar; nada fica gravado.
Portas: FAKE_TRACCAR_PORT, FAKE_EVOLUTION_PORT, FAKE_ASAAS_PORT, FAKE_TILES_PORT e FAKE_VIACEP_PORT.

Integrações > Traccar
  Servidor: ${traccar.url}
  userId:   ${traccar.userId}
  Token:    ${traccar.token}

  Frota: com --veiculos N, os N primeiros dispositivos (criados pelo app ao salvar rastreadores com o
  Traccar ativo) andam a cada 3 s e aparecem em Frota → Mapa. Alarme de corte de energia:
    curl -X POST ${traccar.url}/__fake/alarm/<deviceId> -d '{"alarm":"powerCut"}'
  Socket: POST /__fake/socket/drop (derruba), POST /__fake/socket -d '{"enabled":false}' (só polling).

Mapa (blocos locais, sem internet): em Integrações > Traccar, campo "Endereço do mapa"
  ${tiles.rasterUrl}   ou o style.json: ${tiles.styleUrl}

Integrações > WhatsApp (Evolution API)
  Servidor:  ${evolution.url}
  Instância: ${instance}
  Token:     ${instanceToken}
  O QR code aparece ao conectar; para simular a leitura pelo celular:
    curl -X POST ${evolution.url}/__fake/scan/${instance}
  Mensagens enviadas (página que se atualiza sozinha): ${evolution.url}/__fake/

Integrações > Meio de pagamento (Asaas)
  Token: ${asaas.apiKey}
  Inicie o app apontando para o Asaas falso:
    ASAAS_BASE_URL=${asaas.url} npm start
  Webhook do Asaas para o app em ${appUrl} (PORT do app ou --app URL; o número depois de /cobranca/ é o
  do Link do webhook mostrado na tela):
    curl -X POST ${asaas.url.replace(/\/v3$/, '')}/__fake/webhook -H 'content-type: application/json' \\
      -d '{"url":"${appUrl}/webhook/cobranca/1/asaas","authToken":"<o Token do webhook mostrado na tela>"}'
  Marcar uma cobrança como paga: curl -X POST ${asaas.url.replace(/\/v3$/, '')}/__fake/pay/<id pay_...>

CEP (ViaCEP) para os formulários de endereço: inicie o app com
    VIACEP_URL=${viacep.url} npm start
  CEPs conhecidos: 01001-000, 20040-020, 30130-010, 70040-010 (os outros: "CEP não encontrado")

No Traccar, no Evolution e no Asaas (troque a porta):
  curl -X POST http://127.0.0.1:PORTA/__fake/down -d '{"seconds":30}'   serviço "fora do ar" (conexões cortadas sem resposta)
  curl -X POST http://127.0.0.1:PORTA/__fake/up                         volta a responder
  curl -X POST http://127.0.0.1:PORTA/__fake/delay -d '{"ms":3000}'     respostas lentas
  curl http://127.0.0.1:PORTA/__fake/requests                           requisições recebidas
  Traccar: GET /__fake/state, POST /__fake/online/<deviceId> -d '{"online":true}'
  Asaas:   GET /__fake/state
`);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  simulation?.stop();
  await Promise.all([traccar.close(), evolution.close(), asaas.close(), tiles.close(), viacep.close()]);
  console.log('Serviços falsos encerrados.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
