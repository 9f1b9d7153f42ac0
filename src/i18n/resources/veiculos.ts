/** The vehicles' screens: their fields, and the form with its Cliente and Rastreador tabs. */
import { MSG } from '../../../domain/messages';

export const veiculosMessages = {
  resources: {
    veiculos: {
      name: 'Veículo |||| Veículos',
      fields: {
        id: '#',
        veiculo: 'Veículo',
        category: 'Categoria',
        marca: 'Marca',
        modelo: 'Modelo',
        ano: 'Ano',
        placa: 'Placa',
        renavan: 'Renavam',
        chassi: 'Chassi',
        cor: 'Cor',
        idcliente: 'Cliente',
        cliente: 'Cliente',
      },
    },
  },
  app: {
    veiculos: {
      create_title: 'Novo Veículo',
      edit_title: 'Veículo',
      tab_cliente: 'Cliente',
      tab_rastreador: 'Rastreador',
      clear: 'Limpa',
      save: 'Salva',
      categories: {
        motorcycle: 'Moto',
        car: 'Carro',
        pickup: 'Caminhonete',
        truck: 'Caminhão',
        bus: 'Ônibus',
        van: 'Van',
      },
      search_empty: MSG.searchEmpty,
      cliente_search: 'Nome, CPF/CNPJ, e-mail ou telefone',
      cliente_not_found: MSG.clienteNotFound,
      cliente_results: 'Clientes encontrados',
      cliente_chosen: 'Cliente do veículo',
      cliente_none: 'Nenhum cliente escolhido. Procure pelo nome, CPF/CNPJ ou e-mail.',
      cliente_required: MSG.clienteRequiredTab,
      rastreador_search: 'IMEI, modelo, marca ou chip',
      rastreador_not_found: MSG.rastreadorNotFound,
      rastreador_linked: 'Rastreador conectado',
      rastreador_found: 'Rastreador encontrado',
      rastreador_none: 'Nenhum rastreador conectado a este veículo.',
      veiculo_required: MSG.veiculoRequired,
      connect: 'Conectar',
      disconnect: 'Desconectar',
      chip: 'Chip',
    },
  },
};
