/**
 * The demo's blog articles (seedDemo): real advice an agency would publish,
 * each over the 2,000 characters of text the blog asks before publishing,
 * with h2/h3 headings for the table of contents. Slugs are not the ones the
 * tests use for a missing article.
 */
export type DemoArticle = { slug: string; title: string; excerpt: string; daysAgo: number; content: string };

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: "financiamento-do-primeiro-imovel-passo-a-passo",
    title: "Financiamento do primeiro imóvel: o passo a passo",
    excerpt: "Da simulação à assinatura do contrato: o que o banco analisa, quanto juntar de entrada e como usar o FGTS.",
    daysAgo: 3,
    content: `<p>Comprar o primeiro imóvel financiado parece complicado, mas o caminho é sempre o mesmo: simular, separar os documentos, aprovar o crédito, avaliar o imóvel e assinar o contrato. Conhecer cada etapa evita surpresas e ajuda a negociar melhor com o vendedor.</p>
<h2>1. Simule antes de escolher o imóvel</h2>
<p>A simulação mostra quanto o banco empresta e qual será a parcela. Em geral, a prestação não pode passar de 30% da renda bruta da família, e o banco financia até 80% do valor do imóvel no Sistema Financeiro da Habitação. Faça simulações em pelo menos três bancos: a diferença de meio ponto na taxa de juros muda dezenas de milhares de reais ao longo de 30 anos.</p>
<h3>Tabela SAC ou Price?</h3>
<p>Na tabela SAC a parcela começa mais alta e diminui com o tempo, e o total de juros pago é menor. Na tabela Price a parcela é fixa, o que facilita o planejamento, mas o saldo devedor cai mais devagar. Para quem consegue pagar a primeira parcela da SAC, ela costuma ser a escolha mais barata.</p>
<h2>2. Junte a entrada e os custos extras</h2>
<p>Além da entrada, que normalmente é de 20% do valor do imóvel, reserve de 4% a 5% para o ITBI, a escritura e o registro no cartório de imóveis. Esses custos não entram no financiamento na maioria dos bancos e pegam muitos compradores de surpresa no final do processo.</p>
<h3>O FGTS pode ajudar</h3>
<p>O saldo do FGTS pode ser usado na entrada, para amortizar o saldo devedor ou para pagar parte das prestações, desde que o comprador tenha pelo menos três anos de trabalho sob o regime do FGTS, não tenha outro imóvel na mesma cidade e o imóvel seja residencial e urbano.</p>
<h2>3. Separe os documentos</h2>
<p>O banco vai pedir documento de identidade, CPF, comprovante de estado civil, comprovante de residência, comprovantes de renda dos últimos três meses e a declaração do Imposto de Renda. Autônomos costumam apresentar extratos bancários e a declaração completa. Do lado do vendedor, são necessárias a matrícula atualizada do imóvel e as certidões negativas.</p>
<h2>4. Avaliação e aprovação</h2>
<p>Com o crédito pré-aprovado, o banco envia um engenheiro para avaliar o imóvel. Se a avaliação ficar abaixo do preço combinado, o financiamento é calculado sobre o valor avaliado, e a diferença precisa ser coberta com recursos próprios ou renegociada com o vendedor. Por isso vale conversar com o corretor sobre o preço de mercado antes de fechar a proposta.</p>
<h2>5. Contrato e registro</h2>
<p>Aprovada a operação, o contrato de financiamento é assinado e levado ao cartório de registro de imóveis. Só depois do registro o imóvel passa oficialmente para o seu nome e o banco libera o dinheiro para o vendedor. Todo o processo leva, em média, de 30 a 60 dias.</p>
<p>Quer saber quanto você consegue financiar? Fale com um corretor da Lar Imóveis: fazemos a simulação com você e acompanhamos cada etapa até a entrega das chaves.</p>`,
  },
  {
    slug: "documentos-para-comprar-um-imovel-com-seguranca",
    title: "Documentos para comprar um imóvel com segurança",
    excerpt: "Matrícula, certidões e débitos: a lista do que conferir antes de assinar qualquer proposta.",
    daysAgo: 11,
    content: `<p>Antes de assinar uma proposta ou dar qualquer sinal, é preciso conferir a documentação do imóvel e do vendedor. Essa verificação, chamada de due diligence imobiliária, protege o comprador contra dívidas escondidas, disputas judiciais e até contra a perda do imóvel.</p>
<h2>A matrícula do imóvel</h2>
<p>A certidão de matrícula atualizada, emitida pelo cartório de registro de imóveis, conta a história completa do imóvel: quem são os donos, se há hipoteca, penhora, usufruto ou qualquer outra restrição. Peça uma certidão emitida há no máximo 30 dias e confira se o nome do vendedor é o mesmo que aparece como proprietário.</p>
<h3>Averbação da construção</h3>
<p>A matrícula também deve mostrar a construção averbada, com a área correta. Uma casa ampliada sem averbação pode ter problemas para ser financiada, porque o banco avalia apenas o que está registrado.</p>
<h2>Certidões do vendedor</h2>
<p>As certidões negativas mostram se o vendedor responde a processos que poderiam alcançar o imóvel. As principais são as certidões dos distribuidores cíveis da Justiça Estadual e da Justiça Federal, a certidão da Justiça do Trabalho, a certidão de protestos e a certidão de débitos relativos a tributos federais. Se o vendedor for casado, as certidões valem também para o cônjuge.</p>
<h3>Quando o vendedor é uma empresa</h3>
<p>Se o imóvel pertence a uma empresa, peça também o contrato social atualizado, para saber quem pode assinar pela empresa, e a certidão negativa de débitos previdenciários.</p>
<h2>Débitos do imóvel</h2>
<p>IPTU e condomínio acompanham o imóvel: se ficarem dívidas, quem compra herda a cobrança. Peça a certidão negativa de débitos de IPTU na prefeitura e uma declaração do síndico ou da administradora informando que não há taxas condominiais em atraso. Em imóveis alugados, confira também as contas de água, luz e gás.</p>
<h2>O contrato</h2>
<p>Com tudo conferido, o compromisso de compra e venda deve trazer a descrição do imóvel igual à da matrícula, o preço, a forma de pagamento, o prazo para a escritura, quem paga cada custo e as multas em caso de desistência. Nunca pague o sinal sem um contrato assinado e sem ter visto as certidões.</p>
<p>Na Lar Imóveis, reunimos e conferimos essa documentação para você antes de qualquer proposta. Se tiver dúvidas sobre um imóvel que está de olho, fale com a nossa equipe.</p>`,
  },
  {
    slug: "alugar-ou-comprar-o-que-pesa-na-decisao",
    title: "Alugar ou comprar: o que pesa na decisão",
    excerpt: "Custo de oportunidade, flexibilidade e planos para os próximos anos: como comparar as duas escolhas com números.",
    daysAgo: 24,
    content: `<p>Não existe uma resposta única para a pergunta "vale mais a pena alugar ou comprar?". A escolha depende do preço dos imóveis na região, dos juros, do dinheiro que você tem guardado e, principalmente, dos seus planos para os próximos anos. O que dá para fazer é comparar as duas opções com os mesmos números.</p>
<h2>Quanto custa morar de aluguel</h2>
<p>O custo do aluguel é simples de calcular: o valor mensal, o condomínio e o IPTU, que normalmente ficam com o inquilino, e o seguro-fiança ou outra garantia. Em contrapartida, o dinheiro que seria usado na entrada continua aplicado e rendendo juros.</p>
<h3>O custo de oportunidade</h3>
<p>Se você tem R$ 200 mil para a entrada e esse valor rende 0,8% ao mês, ele produz cerca de R$ 1.600 por mês. Essa renda deve entrar na conta: é o que você deixa de ganhar ao imobilizar o dinheiro no imóvel.</p>
<h2>Quanto custa comprar</h2>
<p>Na compra financiada, entram na conta os juros do financiamento, os seguros obrigatórios, o ITBI e o registro, além da manutenção do imóvel, que passa a ser toda sua. Em troca, cada parcela paga aumenta o seu patrimônio, e o imóvel pode se valorizar com o tempo.</p>
<h3>Valorização não é garantida</h3>
<p>Regiões com novas linhas de transporte, comércio e serviços tendem a valorizar, mas isso não acontece em todo lugar nem em qualquer prazo. Um corretor que conhece o bairro ajuda a entender o histórico de preços e o que está previsto para a região.</p>
<h2>Os seus planos pesam mais do que a planilha</h2>
<p>Se você pode mudar de cidade por causa do trabalho, se a família vai crescer ou se ainda não sabe em que bairro quer viver, o aluguel oferece uma flexibilidade que a compra não tem. Por outro lado, quem já tem a vida estabelecida em uma região ganha segurança e liberdade para reformar o imóvel do seu jeito.</p>
<h2>Uma regra prática</h2>
<p>Compare o aluguel anual com o preço do imóvel. Se o aluguel de um ano custa menos de 4% do valor do imóvel, alugar costuma ser financeiramente mais vantajoso; se passa de 6%, comprar tende a compensar. Entre esses dois valores, os seus planos devem decidir.</p>
<p>Na Lar Imóveis você encontra imóveis para alugar e para comprar, e os nossos corretores fazem as contas com você para as duas opções.</p>`,
  },
];
