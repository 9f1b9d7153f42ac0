/**
 * The Brazilian data demo records are drawn from. faker's pt_BR locale has names, streets and
 * company names, but fictional cities, invalid area codes and no neighbourhoods, vehicles,
 * trackers or carriers: those live here.
 */
import type { VehicleCategory } from '../../domain/constants';

export const BAIRROS = [
  'Centro',
  'Jardim América',
  'Vila Nova',
  'Boa Vista',
  'Santa Cruz',
  'São José',
  'Jardim Paulista',
  'Bela Vista',
  'Liberdade',
  'Santo Antônio',
  'Vila Mariana',
  'Copacabana',
  'Savassi',
  'Aldeota',
  'Boa Viagem',
  'Batel',
  'Jardim Europa',
  'Cidade Nova',
  'Parque Industrial',
  'Vila Operária',
  'Jardim das Flores',
  'Jardim Primavera',
  'Santa Mônica',
  'Nossa Senhora das Graças',
];

/** Real cities with their state, area code (DDD) and the start of their postal codes (CEP). */
const cidade = (nome: string, uf: string, ddd: string, cep: string, weight: number) => ({ value: { nome, uf, ddd, cep }, weight });
export const CIDADES = [
  cidade('São Paulo', 'SP', '11', '04', 30),
  cidade('Guarulhos', 'SP', '11', '07', 4),
  cidade('Campinas', 'SP', '19', '13', 5),
  cidade('Santos', 'SP', '13', '110', 2),
  cidade('Ribeirão Preto', 'SP', '16', '140', 3),
  cidade('São José dos Campos', 'SP', '12', '122', 3),
  cidade('Sorocaba', 'SP', '15', '180', 3),
  cidade('Rio de Janeiro', 'RJ', '21', '22', 16),
  cidade('Niterói', 'RJ', '21', '240', 2),
  cidade('Belo Horizonte', 'MG', '31', '30', 7),
  cidade('Uberlândia', 'MG', '34', '384', 3),
  cidade('Juiz de Fora', 'MG', '32', '360', 2),
  cidade('Curitiba', 'PR', '41', '80', 6),
  cidade('Londrina', 'PR', '43', '860', 2),
  cidade('Maringá', 'PR', '44', '870', 2),
  cidade('Porto Alegre', 'RS', '51', '90', 5),
  cidade('Caxias do Sul', 'RS', '54', '950', 2),
  cidade('Florianópolis', 'SC', '48', '880', 2),
  cidade('Joinville', 'SC', '47', '892', 2),
  cidade('Salvador', 'BA', '71', '41', 6),
  cidade('Feira de Santana', 'BA', '75', '440', 2),
  cidade('Recife', 'PE', '81', '50', 5),
  cidade('Fortaleza', 'CE', '85', '60', 6),
  cidade('Goiânia', 'GO', '62', '74', 4),
  cidade('Brasília', 'DF', '61', '70', 7),
  cidade('Campo Grande', 'MS', '67', '790', 2),
  cidade('Cuiabá', 'MT', '65', '780', 2),
  cidade('Manaus', 'AM', '92', '69', 5),
  cidade('Belém', 'PA', '91', '66', 4),
  cidade('Vitória', 'ES', '27', '290', 2),
  cidade('São Luís', 'MA', '98', '65', 3),
  cidade('Natal', 'RN', '84', '590', 2),
  cidade('João Pessoa', 'PB', '83', '580', 2),
  cidade('Teresina', 'PI', '86', '640', 2),
  cidade('Maceió', 'AL', '82', '570', 2),
  cidade('Aracaju', 'SE', '79', '490', 2),
];

export const EMAIL_DOMINIOS = [
  { value: 'gmail.com', weight: 45 },
  { value: 'hotmail.com', weight: 18 },
  { value: 'outlook.com', weight: 10 },
  { value: 'yahoo.com.br', weight: 8 },
  { value: 'uol.com.br', weight: 5 },
  { value: 'bol.com.br', weight: 5 },
  { value: 'icloud.com', weight: 5 },
  { value: 'terra.com.br', weight: 4 },
];

/** Companies that keep a fleet are the ones that buy tracking. */
export const RAMOS_EMPRESA = [
  'Transportadora',
  'Logística',
  'Distribuidora',
  'Comercial',
  'Construtora',
  'Locadora de Veículos',
  'Auto Escola',
  'Mudanças',
  'Agropecuária',
  'Entregas Rápidas',
  'Turismo',
  'Ambulâncias',
  'Materiais de Construção',
  'Frigorífico',
];
export const SUFIXOS_EMPRESA = ['Ltda', 'Ltda', 'Ltda', 'ME', 'EIRELI', 'S.A.', 'Ltda - EPP'];

/** marca, modelo and the manufacturer's VIN prefix (WMI) of vehicles sold in Brazil, per category. */
export const VEICULOS: Record<VehicleCategory, { weight: number; modelos: Array<[marca: string, modelo: string, wmi: string]> }> = {
  car: {
    weight: 55,
    modelos: [
      ['Fiat', 'Argo', '9BD'],
      ['Fiat', 'Mobi', '9BD'],
      ['Fiat', 'Uno', '9BD'],
      ['Fiat', 'Cronos', '8AP'],
      ['Volkswagen', 'Gol', '9BW'],
      ['Volkswagen', 'Polo', '9BW'],
      ['Volkswagen', 'Voyage', '9BW'],
      ['Volkswagen', 'T-Cross', '9BW'],
      ['Chevrolet', 'Onix', '9BG'],
      ['Chevrolet', 'Onix Plus', '9BG'],
      ['Chevrolet', 'Prisma', '9BG'],
      ['Chevrolet', 'Tracker', '9BG'],
      ['Hyundai', 'HB20', '9BH'],
      ['Hyundai', 'Creta', '9BH'],
      ['Toyota', 'Corolla', '9BR'],
      ['Toyota', 'Yaris', '9BR'],
      ['Renault', 'Kwid', '93Y'],
      ['Renault', 'Sandero', '93Y'],
      ['Renault', 'Logan', '93Y'],
      ['Ford', 'Ka', '9BF'],
      ['Jeep', 'Renegade', '988'],
      ['Jeep', 'Compass', '988'],
      ['Honda', 'Civic', '93H'],
      ['Honda', 'HR-V', '93H'],
      ['Nissan', 'Kicks', '94D'],
    ],
  },
  motorcycle: {
    weight: 20,
    modelos: [
      ['Honda', 'CG 160', '9C2'],
      ['Honda', 'Biz 125', '9C2'],
      ['Honda', 'NXR 160 Bros', '9C2'],
      ['Honda', 'CB 300F Twister', '9C2'],
      ['Honda', 'Pop 110i', '9C2'],
      ['Yamaha', 'Factor 150', '9C6'],
      ['Yamaha', 'Fazer FZ25', '9C6'],
      ['Yamaha', 'XTZ 250 Lander', '9C6'],
    ],
  },
  pickup: {
    weight: 12,
    modelos: [
      ['Fiat', 'Strada', '9BD'],
      ['Fiat', 'Toro', '988'],
      ['Volkswagen', 'Saveiro', '9BW'],
      ['Volkswagen', 'Amarok', '8AW'],
      ['Chevrolet', 'S10', '9BG'],
      ['Chevrolet', 'Montana', '9BG'],
      ['Toyota', 'Hilux', '8AJ'],
      ['Ford', 'Ranger', '8AF'],
      ['Mitsubishi', 'L200 Triton', '93X'],
      ['Nissan', 'Frontier', '94D'],
    ],
  },
  truck: {
    weight: 6,
    modelos: [
      ['Volvo', 'FH 540', '9BV'],
      ['Volvo', 'VM 270', '9BV'],
      ['Scania', 'R 450', '9BS'],
      ['Mercedes-Benz', 'Actros 2651', '9BM'],
      ['Mercedes-Benz', 'Atego 1719', '9BM'],
      ['Mercedes-Benz', 'Accelo 1016', '9BM'],
      ['Volkswagen', 'Delivery 11.180', '953'],
      ['Volkswagen', 'Constellation 24.280', '953'],
      ['Ford', 'Cargo 2429', '9BF'],
      ['Iveco', 'Tector 240E28', '93Z'],
      ['DAF', 'XF 480', '98P'],
    ],
  },
  van: {
    weight: 4,
    modelos: [
      ['Mercedes-Benz', 'Sprinter', '8AC'],
      ['Renault', 'Master', '93Y'],
      ['Fiat', 'Ducato', '93W'],
      ['Peugeot', 'Boxer', '936'],
      ['Iveco', 'Daily', '93Z'],
      ['Citroën', 'Jumper', '935'],
    ],
  },
  bus: {
    weight: 3,
    modelos: [
      ['Mercedes-Benz', 'OF 1721', '9BM'],
      ['Volkswagen', '17.230 OD', '953'],
      ['Volvo', 'B270F', '9BV'],
      ['Scania', 'K 310', '9BS'],
      ['Agrale', 'MA 8.7', '9BY'],
    ],
  },
};

export const CORES = [
  { value: 'Branco', weight: 30 },
  { value: 'Prata', weight: 20 },
  { value: 'Preto', weight: 20 },
  { value: 'Cinza', weight: 15 },
  { value: 'Vermelho', weight: 6 },
  { value: 'Azul', weight: 4 },
  { value: 'Marrom', weight: 2 },
  { value: 'Verde', weight: 1 },
  { value: 'Bege', weight: 1 },
  { value: 'Amarelo', weight: 1 },
];

/** Tracker models common in Brazil and a type allocation code (the first 8 IMEI digits) for each. */
export const RASTREADORES = [
  { value: { marca: 'Suntech', modelo: 'ST310U', tac: '35896804' }, weight: 20 },
  { value: { marca: 'Suntech', modelo: 'ST4315U', tac: '35289108' }, weight: 8 },
  { value: { marca: 'Queclink', modelo: 'GV300', tac: '86208402' }, weight: 15 },
  { value: { marca: 'Queclink', modelo: 'GV50', tac: '86232103' }, weight: 8 },
  { value: { marca: 'Teltonika', modelo: 'FMB920', tac: '35220907' }, weight: 15 },
  { value: { marca: 'Teltonika', modelo: 'FMB130', tac: '35209311' }, weight: 7 },
  { value: { marca: 'Coban', modelo: 'GT06', tac: '86810304' }, weight: 12 },
  { value: { marca: 'Coban', modelo: 'TK303', tac: '86071502' }, weight: 5 },
  { value: { marca: 'Concox', modelo: 'GT06N', tac: '86853506' }, weight: 10 },
];

/** Carriers with the issuer code their ICCIDs carry after 8955 (Brazil) and the ICCID length. */
export const OPERADORAS = [
  { value: { nome: 'Vivo', emissor: '10', digitos: 20 }, weight: 35 },
  { value: { nome: 'Claro', emissor: '05', digitos: 20 }, weight: 30 },
  { value: { nome: 'TIM', emissor: '02', digitos: 20 }, weight: 25 },
  { value: { nome: 'Oi', emissor: '31', digitos: 19 }, weight: 7 },
  { value: { nome: 'Algar', emissor: '32', digitos: 19 }, weight: 3 },
];
/** Where the chips were bought: the carrier's business arm or an M2M reseller. */
export const FORNECEDORES = ['Arqia', 'Datatem', 'Transmeet', 'Emnify'];

export const PLANOS = [
  {
    name: 'Básico',
    descricao: 'Rastreamento 24 horas com localização em tempo real pelo aplicativo',
    limtdispositivos: 1,
    valor: '49.90',
    valoradd: '0.00',
  },
  { name: 'Moto', descricao: 'Rastreamento de motocicletas com bloqueio remoto', limtdispositivos: 1, valor: '39.90', valoradd: '0.00' },
  {
    name: 'Completo',
    descricao: 'Rastreamento, bloqueio remoto, cerca virtual e alertas de velocidade',
    limtdispositivos: 1,
    valor: '69.90',
    valoradd: '0.00',
  },
  {
    name: 'Frota 10',
    descricao: 'Gestão de frota com relatórios de rotas, paradas e telemetria',
    limtdispositivos: 10,
    valor: '399.00',
    valoradd: '39.90',
  },
  {
    name: 'Caminhões',
    descricao: 'Rastreamento de caminhões com sensor de porta, bloqueio e botão de pânico',
    limtdispositivos: 1,
    valor: '99.90',
    valoradd: '0.00',
  },
  {
    name: 'Frota 50',
    descricao: 'Gestão de frota com relatórios, telemetria e atendimento dedicado',
    limtdispositivos: 50,
    valor: '1790.00',
    valoradd: '34.90',
  },
  {
    name: 'Família',
    descricao: 'Até 3 veículos da mesma família com bloqueio remoto',
    limtdispositivos: 3,
    valor: '119.90',
    valoradd: '35.00',
  },
];
