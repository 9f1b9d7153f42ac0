/** The public pre-registration page. */
import { MSG } from '../../../domain/messages';

export const precadastroMessages = {
  app: {
    precadastro: {
      title: 'Pré-cadastro',
      intro: 'Preencha seus dados e envie seus documentos para concluir o cadastro.',
      step_dados: 'Informações',
      step_documentos: 'Documentos',
      cadastro: 'Tipo de cadastro',
      empresa: 'Dados da empresa',
      responsavel: 'Responsável',
      pessoa: 'Dados pessoais',
      contato: 'Contato',
      endereco: 'Endereço',
      name: 'Nome completo',
      continue: 'Continuar',
      back: 'Voltar',
      finish: 'Finalizar',
      sending: 'Enviando…',
      documentos_fisica: 'Envie a frente e o verso do documento de identidade (RG ou CNH).',
      documentos_juridica: 'Envie a frente e o verso do documento de identidade do responsável e o cartão CNPJ ou contrato social.',
      documentos_count: '%{count} de %{smart_count} documento anexado |||| %{count} de %{smart_count} documentos anexados',
      documentos_excess: 'Remova %{smart_count} arquivo para continuar. |||| Remova %{smart_count} arquivos para continuar.',
      drop: 'Arraste os documentos aqui ou clique para escolher',
      invalid_title: 'Link de pré-cadastro inválido',
      invalid_message: 'Este link não existe ou não é mais válido. Peça um novo link de pré-cadastro à empresa que o enviou.',
      retry: 'Tentar novamente',
      success_title: MSG.precadastroDone,
      success_message: 'Recebemos seus dados e documentos. %{empresa} entrará em contato em breve.',
      privacy: 'Seus dados são enviados somente para %{empresa} e usados apenas para o seu cadastro.',
      // Before the company has a name (Perfil → Dados da empresa): never the product's name.
      a_empresa: 'A empresa',
      a_empresa_minuscula: 'a empresa',
    },
  },
};
