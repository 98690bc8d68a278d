/**
 * Story families for the demo news articles (Dutch trade news about e-commerce, logistics and
 * fulfilment). Each family has several "angles"; an angle keeps title, summary, intro and its
 * own paragraphs consistent, while the family-level body, headings, quotes and lists are generic
 * enough for every angle. Texts contain `{slot}` placeholders filled by articles.js.
 * All companies, people and organisations are fictional.
 */

/**
 * @typedef {object} Angle
 * @property {string[]} titles Title templates.
 * @property {string[]} summaries Summary templates.
 * @property {string[]} intros Opening paragraph templates.
 * @property {string[]} paragraphs Angle-specific paragraphs (all are used, in random order).
 * @property {string[]} [list] Angle-specific list items.
 */

/**
 * @typedef {object} Family
 * @property {string} key Identifier.
 * @property {'ecommerce'|'logistiek'|'fulfilment'} topic Topic slug.
 * @property {string} actor Slot naming the main company of the story.
 * @property {string[]} [vendors] Vendor names that fit this family.
 * @property {number[]} [months] Calendar months (1-12) in which the family may be published.
 * @property {string[]} tags Candidate tag names.
 * @property {string[]} images Candidate cover image keys.
 * @property {Angle[]} angles Story angles.
 * @property {string[]} body Generic paragraphs.
 * @property {string[]} headings Generic subheadings.
 * @property {string[]} quotes Quote templates (without quotation marks).
 * @property {string[][]} lists Generic list item sets.
 */

/** @type {Family[]} */
const FAMILIES = [
  {
    key: 'pakketvolumes',
    topic: 'logistiek',
    actor: 'carrier',
    tags: ['Pakketten', 'Last mile', 'Webwinkels', 'Klantenservice'],
    images: ['pakketten-stapel', 'sorteerband', 'bestelbus-straat'],
    angles: [
      {
        titles: ['{carrier} bezorgt {pct} procent meer pakketten', 'Pakketvolume bij {carrier} groeit harder dan verwacht'],
        summaries: ['{carrier} verwerkte in het {quarter} kwartaal {num} miljoen pakketten, {pct} procent meer dan een jaar eerder. Vooral kleine webwinkels zorgen voor de groei.'],
        intros: ['{carrier} heeft in het {quarter} kwartaal van {year} {num} miljoen pakketten bezorgd, {pct} procent meer dan een jaar eerder. Dat maakte de bezorger bekend bij de publicatie van de kwartaalcijfers.'],
        paragraphs: [
          'De groei komt volgens het bedrijf vooral van kleinere webwinkels die via een verzendplatform zijn aangesloten. Grote verladers onderhandelen scherper en verdelen hun volume vaker over meerdere vervoerders.',
          'Het sorteercentrum in {city} draaide in de drukste weken op volle capaciteit. {carrier} zette extra ploegen in en verlengde de sorteertijden tot na middernacht.',
        ],
        list: ['Volume: {num} miljoen pakketten in het {quarter} kwartaal', 'Groei ten opzichte van vorig jaar: {pct} procent', 'Gemiddeld ruim {daily} zendingen per dag'],
      },
      {
        titles: ['{carrier} ziet groei pakketten afvlakken, marge onder druk', 'Opbrengst per pakket daalt bij {carrier}'],
        summaries: ['De volumes bij {carrier} stijgen nog maar licht, terwijl de opbrengst per pakket met {pct3} procent daalt. De bezorger kondigt hogere tarieven aan voor {nextYear}.'],
        intros: ['De groei van het aantal pakketten bij {carrier} vlakt af. In het {quarter} kwartaal van {year} nam het volume nog met {pct3} procent toe, terwijl de gemiddelde opbrengst per pakket daalde.'],
        paragraphs: [
          'De gemiddelde prijs per pakket daalde met {pct3} procent. Tegelijkertijd stegen de kosten voor personeel, brandstof en stroom voor de elektrische bussen.',
          '{carrier} kondigt daarom hogere tarieven aan voor {nextYear}. Vooral zendingen die niet in de brievenbus passen en pakketten naar het buitenland worden duurder.',
        ],
      },
      {
        titles: ['Meer pakketten, minder stops: {carrier} bundelt bezorging', '{carrier} bundelt zendingen per adres'],
        summaries: ['Door zendingen voor hetzelfde adres te bundelen, daalt het aantal stops per route met {pct} procent. Klanten krijgen vaker één tijdvak voor al hun pakketten.'],
        intros: ['{carrier} bundelt voortaan alle pakketten die op dezelfde dag naar hetzelfde adres gaan. De vervoerder wil daarmee het aantal stops per route fors terugbrengen.'],
        paragraphs: [
          'Volgens {carrier} daalt het aantal stops op de proefroutes in {city} met {pct} procent. Bezorgers hoeven minder vaak aan te bellen en rijden minder kilometers.',
          'Consumenten krijgen één bericht met één tijdvak, ook als de pakketten van verschillende webwinkels komen.',
        ],
      },
    ],
    body: [
      'Het aandeel pakketten dat bij een afhaalpunt wordt bezorgd, groeide naar {pct2} procent. Dat scheelt stops en mislukte bezorgpogingen aan de deur.',
      'Opvallend is dat het aandeel zendingen naar het buitenland toeneemt. Vooral bestellingen uit {country} en België dragen bij aan de internationale stroom.',
      'De bezorger investeert daarnaast in voorspellende planning. Op basis van historische data worden routes een dag vooruit berekend, zodat bezorgers minder kilometers maken.',
      'Voor webwinkels blijft de keuze van vervoerder een afweging tussen prijs, betrouwbaarheid en de wensen van de klant. Steeds meer winkels bieden in de checkout meerdere vervoerders aan.',
    ],
    headings: ['Afhaalpunten winnen terrein', 'Capaciteit blijft een aandachtspunt', 'Wat betekent dit voor webwinkels?', 'Slimmer plannen'],
    quotes: [
      'We zien dat consumenten minder vaak losse kleine bestellingen plaatsen en vaker combineren. Dat is goed nieuws voor de efficiëntie van onze routes',
      'De groei is mooi, maar de kosten lopen harder op dan de volumes. Daar moeten we eerlijk over zijn tegen onze klanten',
    ],
    lists: [['Aandeel afhaalpunten: {pct2} procent', 'Meer internationale zendingen', 'Routes een dag vooruit gepland', 'Extra sorteercapaciteit in {city}']],
  },
  {
    key: 'automatisering',
    topic: 'fulfilment',
    actor: 'fulfiller',
    vendors: ['StackRobotics', 'Magaza Systems', 'GridPick'],
    tags: ['Automatisering', 'Robotisering', 'Magazijn', 'Warehousing', 'Fulfilment'],
    images: ['robotarm', 'magazijn-stellingen', 'sorteerband'],
    angles: [
      {
        titles: ['{fulfiller} investeert {eur} miljoen in robotisering', '{fulfiller} trekt {eur} miljoen uit voor robots in {city}'],
        summaries: ['Met een investering van {eur} miljoen euro wil {fulfiller} de pickcapaciteit in {city} verdubbelen. De eerste robots draaien in het {quarter} kwartaal mee.'],
        intros: ['{fulfiller} investeert {eur} miljoen euro in de automatisering van zijn magazijn in {city}. Het bedrijf installeert een goods-to-person systeem van {vendor}, waarbij robots de voorraadbakken naar de orderpickers brengen.'],
        paragraphs: [
          'Volgens {fulfiller} is de terugverdientijd ongeveer vier jaar. Belangrijker dan de kostenbesparing is de voorspelbaarheid: ook in de weken rond Black Friday blijft de doorlooptijd gelijk.',
          'De implementatie gebeurt gefaseerd. Tijdens de ombouw blijft het magazijn gewoon draaien; de eerste klanten worden in de komende maanden overgezet.',
        ],
        list: ['Investering: {eur} miljoen euro', 'Aantal robots: {robots}', 'Leverancier: {vendor}', 'Terugverdientijd: ongeveer vier jaar'],
      },
      {
        titles: ['{fulfiller} kiest voor robots van {vendor}', 'Goods-to-person systeem verdubbelt capaciteit bij {fulfiller}'],
        summaries: ['In het distributiecentrum van {fulfiller} in {city} brengen {robots} robots de voorraad naar de medewerkers. Het systeem van {vendor} verdubbelt de capaciteit op dezelfde vloer.'],
        intros: ['In het distributiecentrum van {fulfiller} in {city} rijden sinds kort {robots} robots rond. Ze halen voorraadbakken uit een compact grid en leveren die af bij de pickstations.'],
        paragraphs: [
          'Waar een medewerker eerder gemiddeld {picks} orderregels per uur verwerkte, is dat er nu ruim het dubbele. Lange looproutes door de gangpaden zijn verleden tijd.',
          'Leverancier {vendor} heeft het systeem gekoppeld aan het bestaande warehouse management systeem. Daardoor kunnen ook retouren direct weer in het grid worden opgeslagen.',
        ],
      },
      {
        titles: ['Zelfde vloer, {pct2} procent meer voorraad bij {fulfiller}', '{fulfiller} bouwt de hoogte in met compact opslagsysteem'],
        summaries: ['Door een compact opslagsysteem in de hoogte te bouwen, slaat {fulfiller} op dezelfde {sqm} vierkante meter {pct2} procent meer artikelen op.'],
        intros: ['{fulfiller} hoeft voor de groei van zijn klanten voorlopig niet te verhuizen. Door in {city} een compact opslagsysteem in de hoogte te bouwen, neemt de opslagcapaciteit met {pct2} procent toe.'],
        paragraphs: [
          'Omdat het grid in de hoogte wordt gebouwd, is er geen extra vloeroppervlak nodig. Dat is belangrijk in een regio waar nieuwe logistieke grond nauwelijks nog beschikbaar is.',
          'Het systeem wordt geleverd door {vendor} en kan modulair worden uitgebreid als de volumes verder groeien.',
        ],
      },
    ],
    body: [
      'De keuze voor automatisering hangt direct samen met de krappe arbeidsmarkt. In de regio {city} is het lastig om in piekperiodes voldoende uitzendkrachten te vinden.',
      'Medewerkers worden opgeleid om het systeem te bedienen en storingen op te lossen. Het werk verschuift van lopen en tillen naar controleren en inpakken.',
      'Fulfilmentbedrijven in heel Nederland investeren in automatisering. Vooral systemen die modulair kunnen meegroeien, zijn populair bij middelgrote partijen.',
      'Webwinkelklanten merken vooral dat de cut-off tijd later komt te liggen. Bestellingen die tot middernacht binnenkomen, worden nog dezelfde nacht verwerkt.',
    ],
    headings: ['Krappe arbeidsmarkt als aanjager', 'Ander werk op de vloer', 'Latere cut-off voor webwinkels', 'Modulair meegroeien'],
    quotes: [
      'Onze klanten willen dat een bestelling die om elf uur ’s avonds binnenkomt, de volgende ochtend bij de consument ligt. Dat lukt alleen nog met automatisering',
      'We automatiseren niet om mensen te vervangen, maar om het werk lichter te maken. Niemand hoeft nog kilometers door de gangpaden te lopen',
    ],
    lists: [['Minder looproutes voor orderpickers', 'Hogere pickbetrouwbaarheid', 'Retouren direct terug in voorraad', 'Stabiele doorlooptijd tijdens piekdrukte']],
  },
  {
    key: 'retouren',
    topic: 'ecommerce',
    actor: 'webshop',
    vendors: ['Retourly', 'ReturnHub', 'TweedeKans Logistics'],
    tags: ['Retouren', 'Webwinkels', 'Duurzaamheid', 'Klantenservice'],
    images: ['inpaktafel', 'pakketten-stapel', 'webshop-scherm'],
    angles: [
      {
        titles: ['{webshop} rekent voortaan retourkosten', 'Gratis retourneren verdwijnt bij {webshop}'],
        summaries: ['Klanten van {webshop} betalen voortaan € 2,95 voor een retourzending. Wie ruilt of de retour in een winkel inlevert, betaalt niets.'],
        intros: ['Webwinkel {webshop} rekent vanaf volgende maand retourkosten. Klanten die een bestelling terugsturen, betalen een vast bedrag dat wordt verrekend met het terug te betalen aankoopbedrag.'],
        paragraphs: [
          'Ruilen blijft gratis, net als het inleveren van een retour in een van de winkels. Daarmee wil {webshop} klanten stimuleren om bewuster te bestellen.',
          'Consumenten blijken gevoelig voor transparantie. Wanneer duidelijk wordt uitgelegd wat een retour kost aan transport en verpakking, kiezen meer klanten voor ruilen.',
        ],
        list: ['Retourkosten: € 2,95 per zending', 'Ruilen en retour in de winkel: gratis', 'Terugbetaling binnen vijf werkdagen'],
      },
      {
        titles: ['Retourpercentage bij {webshop} daalt na betere maatadviezen', '{webshop} krijgt {pct} procent minder retouren'],
        summaries: ['Door maatadvies op basis van eerdere aankopen daalde het retourpercentage bij {webshop} met {pct} procent. Dat scheelt transport, handling en verpakking.'],
        intros: ['Het retourpercentage van {webshop} is in een jaar tijd met {pct} procent gedaald. De webwinkel schrijft dat toe aan betere productinformatie en een nieuw maatadvies.'],
        paragraphs: [
          'Het maatadvies gebruikt eerdere aankopen en retouren van de klant. Wie een bepaald merk altijd een maat groter bestelt, krijgt dat advies automatisch te zien.',
          'Daarnaast zijn er meer productfoto’s en korte video’s toegevoegd, en kunnen klanten in reviews aangeven hoe een artikel valt.',
        ],
        list: ['Maatadvies op basis van eerdere aankopen', 'Meer productfoto’s en video', 'Reviews met informatie over pasvorm', 'Duidelijke retourvoorwaarden op de productpagina'],
      },
      {
        titles: ['{webshop} laat retouren verwerken door {vendor}', 'Tweede leven voor retouren van {webshop}'],
        summaries: ['{vendor} beoordeelt de retouren van {webshop} binnen 24 uur. Onbeschadigde artikelen zijn direct weer te koop, de rest gaat naar outlet of reparatie.'],
        intros: ['{webshop} besteedt de verwerking van retouren uit aan {vendor}. Teruggestuurde artikelen worden binnen 24 uur beoordeeld en, als ze onbeschadigd zijn, direct weer te koop aangeboden.'],
        paragraphs: [
          'Artikelen die niet meer als nieuw verkocht kunnen worden, gaan naar een outletkanaal of worden gerepareerd. Vernietigen van retouren is geen optie meer, benadrukt de webwinkel.',
          'Het retourcentrum van {vendor} staat in {city}. Retouren worden daar per categorie gesorteerd en gecontroleerd.',
        ],
      },
    ],
    body: [
      'Retouren zijn voor veel webwinkels een van de grootste kostenposten. Naast de verzending terug moeten artikelen worden gecontroleerd, opnieuw verpakt en weer in de voorraad worden opgenomen.',
      'Volgens brancheorganisatie Online Retail Nederland wordt in de modebranche nog altijd bijna de helft van de bestellingen geheel of gedeeltelijk teruggestuurd. In andere categorieën ligt dat percentage veel lager.',
      'Een retour kost een gemiddelde webwinkel tussen de {retourMin} en {retourMax} euro, afhankelijk van de productcategorie en de manier van verwerken.',
      'Retouren worden steeds vaker ingeleverd bij een afhaalpunt, waarna de vervoerder ze gebundeld terugbrengt naar het magazijn.',
    ],
    headings: ['Retouren als kostenpost', 'Transparantie werkt', 'Minder vervoer', 'Wat kost een retour?'],
    quotes: [
      'Gratis retourneren bestaat niet. Iemand betaalt altijd, en uiteindelijk is dat ook de klant die niets terugstuurt',
      'Elke retour die we voorkomen, is winst voor de klant, voor ons en voor het milieu',
    ],
    lists: [['Retour inleveren bij een afhaalpunt', 'Beoordeling binnen 24 uur', 'Onbeschadigde artikelen direct terug in de verkoop', 'Reparatie of outlet voor de rest']],
  },
  {
    key: 'marktplaatsen',
    topic: 'ecommerce',
    actor: 'marketplace',
    tags: ['Marktplaatsen', 'Webwinkels', 'Omnichannel', 'Fulfilment'],
    images: ['webshop-scherm', 'groeigrafiek', 'pakketten-stapel'],
    angles: [
      {
        titles: ['Marktplaats {marketplace} passeert grens van {sellers} verkopers', '{marketplace} groeit naar {sellers} verkopers'],
        summaries: ['{marketplace} telt inmiddels ruim {sellers} actieve verkopers. Vooral in de categorieën wonen en sport groeit het aanbod snel.'],
        intros: ['{marketplace} heeft de grens van {sellers} actieve verkopers gepasseerd. Het platform groeide het afgelopen jaar met {pct} procent, meldt het bedrijf.'],
        paragraphs: [
          'De snelste groei zit in de categorieën wonen, sport en dierbenodigdheden. Daar melden zich vooral kleine Nederlandse merken die zonder eigen webwinkel willen starten.',
          'Het platform investeert in begeleiding voor nieuwe verkopers, met webinars over productcontent, prijsstelling en logistiek.',
        ],
        list: ['Actieve verkopers: ruim {sellers}', 'Groei: {pct} procent op jaarbasis', 'Snelst groeiende categorieën: wonen, sport en dier'],
      },
      {
        titles: ['{marketplace} scherpt eisen aan levertijd van verkopers aan', 'Te late levering kost verkopers op {marketplace} zichtbaarheid'],
        summaries: ['Verkopers die structureel te laat leveren, zakken vanaf volgend kwartaal in de zoekresultaten. {marketplace} wil de klantbeleving beter bewaken.'],
        intros: ['Online marktplaats {marketplace} introduceert strengere eisen voor de levertijd van externe verkopers. Wie vaker dan {pct3} procent van de bestellingen te laat levert, krijgt een lagere ranking.'],
        paragraphs: [
          'Voor consumenten is het verschil tussen de marktplaats zelf en externe verkopers vaak niet zichtbaar. Dat maakt de kwaliteit van de bezorging bepalend voor de reputatie van het platform.',
          'Verkopers krijgen een dashboard waarin ze hun prestaties op levertijd, annuleringen en klantvragen kunnen volgen.',
        ],
      },
      {
        titles: ['{marketplace} start eigen fulfilmentdienst voor verkopers', '{marketplace} neemt logistiek over van aangesloten webwinkels'],
        summaries: ['Met een eigen fulfilmentdienst neemt {marketplace} opslag, orderverwerking en verzending over van aangesloten verkopers. De dienst wordt uitgevoerd door {fulfiller}.'],
        intros: ['{marketplace} start een eigen fulfilmentdienst. Verkopers kunnen hun voorraad onderbrengen in een distributiecentrum in {city}, waarna het platform de orderverwerking en verzending regelt.'],
        paragraphs: [
          'De fulfilmentdienst draait vanuit een distributiecentrum van {sqm} vierkante meter en wordt uitgevoerd door {fulfiller}.',
          'Producten die via de dienst worden verzonden, krijgen automatisch een snellere leverbelofte op het platform. Dat moet verkopers overhalen om mee te doen.',
        ],
      },
    ],
    body: [
      'Marktplaatsen zijn voor veel kleinere merken het belangrijkste verkoopkanaal geworden. Ze bieden direct bereik, maar de afhankelijkheid van één platform groeit ook.',
      'De commissie die verkopers afdragen, verschilt per categorie en ligt gemiddeld tussen de 8 en 17 procent. Daar komen kosten voor advertenties binnen het platform nog bij.',
      'Omnichannel-retailers zetten marktplaatsen steeds vaker in om overtollige winkelvoorraad te verkopen. Bestellingen worden dan vanuit de winkel verzonden.',
    ],
    headings: ['Afhankelijkheid groeit', 'Kansen voor kleine merken', 'Wat kost verkopen via een platform?', 'Snelheid als verkoopargument'],
    quotes: [
      'Consumenten maken geen onderscheid tussen ons en de verkoper. Als een pakket te laat is, zijn wíj te laat',
      'We willen dat een ondernemer zich kan richten op zijn product. Opslag, verzending en retouren nemen we graag uit handen',
    ],
    lists: [['Commissie: gemiddeld 8 tot 17 procent', 'Advertenties binnen het platform', 'Dashboard met prestaties', 'Snellere leverbelofte via fulfilment']],
  },
  {
    key: 'crossborder',
    topic: 'ecommerce',
    actor: 'webshop',
    tags: ['Cross-border', 'Internationaal', 'Webwinkels', 'Betalen'],
    images: ['routekaart', 'containerhaven', 'groeigrafiek'],
    angles: [
      {
        titles: ['{webshop} opent webwinkel voor {country}', '{webshop} zet stap naar {country}'],
        summaries: ['Met een eigen domein, lokale betaalmethoden en een vertaalde klantenservice wil {webshop} in {country} dezelfde positie opbouwen als in Nederland.'],
        intros: ['{webshop} gaat actief verkopen in {country}. De webwinkel lanceert een lokaal domein met eigen klantenservice, lokale betaalmethoden en een vertaald assortiment.'],
        paragraphs: [
          'Klanten in {country} verwachten bekende betaalmethoden, een lokaal retouradres en bezorging binnen twee tot drie werkdagen. {webshop} heeft daarvoor een lokale vervoerder gecontracteerd.',
          'De verzending loopt via een hub in {city}, waar pakketten per land worden gebundeld en aan de lokale vervoerder worden overgedragen.',
        ],
        list: ['Lokaal domein en klantenservice in de eigen taal', 'Populaire lokale betaalmethoden', 'Bezorging binnen twee tot drie werkdagen', 'Lokaal retouradres'],
      },
      {
        titles: ['Nederlandse webwinkels verkopen vaker aan klanten in {country}', 'Buitenland goed voor {share} procent van webwinkelomzet'],
        summaries: ['Het aandeel buitenlandse bestellingen bij Nederlandse webwinkels steeg naar {share} procent. {country} en België zijn de belangrijkste afzetmarkten.'],
        intros: ['Nederlandse webwinkels halen een steeds groter deel van hun omzet uit het buitenland. Dat blijkt uit de halfjaarlijkse monitor van Online Retail Nederland.'],
        paragraphs: [
          'Het sterkst groeien de categorieën fietsonderdelen, tuinartikelen en verzorgingsproducten. Nederlandse merken hebben daar in het buitenland een goede reputatie.',
          'Volgens de monitor verkoopt inmiddels bijna de helft van de Nederlandse webwinkels actief aan klanten in minstens één ander land.',
        ],
      },
      {
        titles: ['{webshop} haalt kwart van omzet uit het buitenland', 'Internationale groei maakt {webshop} minder afhankelijk van Nederland'],
        summaries: ['Ruim een kwart van de omzet van {webshop} komt inmiddels uit het buitenland. Vooral {country} groeit snel.'],
        intros: ['{webshop} haalt inmiddels ruim een kwart van zijn omzet uit het buitenland. Drie jaar geleden was dat nog minder dan tien procent.'],
        paragraphs: [
          'Vooral in {country} groeit de webwinkel snel. Daar worden vooral producten verkocht die lokaal moeilijk verkrijgbaar zijn.',
          'Retouren uit het buitenland worden verzameld in een lokaal retourcentrum en één keer per week in bulk teruggebracht naar Nederland.',
        ],
      },
    ],
    body: [
      'Sinds de invoering van de Europese btw-regels voor afstandsverkopen kunnen webwinkels de btw via één loket afdragen. Dat heeft de drempel voor kleinere ondernemers verlaagd.',
      'Tegelijkertijd nemen de verzendkosten naar het buitenland toe. Vervoerders berekenen hogere toeslagen voor brandstof en tol, vooral voor zendingen naar landen verder weg.',
      'Internationaal verkopen vraagt meer dan een vertaalde website. Productteksten, maattabellen en klantenservice moeten aansluiten bij de lokale verwachtingen.',
    ],
    headings: ['Eén loket voor btw', 'Lokale betaalmethoden zijn essentieel', 'Hogere verzendkosten', 'Meer dan vertalen'],
    quotes: [
      'In het buitenland ben je een onbekende naam. Dan moet alles kloppen: betaalmethode, levertijd, klantenservice in de eigen taal',
      'De Nederlandse markt is verzadigd. Wie wil groeien, moet de grens over',
    ],
    lists: [['Btw afdragen via één loket', 'Toeslagen voor brandstof en tol', 'Lokale maattabellen en productteksten', 'Retouren in bulk terug naar Nederland']],
  },
  {
    key: 'zero-emissie',
    topic: 'logistiek',
    actor: 'carrier',
    tags: ['Zero emissie', 'Last mile', 'Duurzaamheid', 'Pakketten'],
    images: ['elektrische-truck', 'bestelbus-straat', 'routekaart'],
    angles: [
      {
        titles: ['{carrier} bezorgt in {city} volledig emissievrij', 'Binnenstad {city} krijgt emissievrije pakketbezorging'],
        summaries: ['Alle pakketten in de binnenstad van {city} worden voortaan met elektrische bussen en cargobikes bezorgd. Daarmee loopt {carrier} vooruit op de zero-emissiezone.'],
        intros: ['{carrier} bezorgt alle pakketten in de binnenstad van {city} voortaan zonder uitstoot. De vervoerder zet daarvoor {vans} elektrische bestelbussen en een vloot cargobikes in.'],
        paragraphs: [
          'Volgens {carrier} levert de cargobike in de binnenstad zelfs tijdwinst op. Bezorgers kunnen dichter bij de voordeur stoppen en hoeven niet te zoeken naar een parkeerplek.',
          'De investering in elektrische voertuigen ligt hoger dan bij diesel, maar de kosten per kilometer zijn lager. Over de hele levensduur verwacht de vervoerder quitte te spelen.',
        ],
        list: ['{vans} elektrische bestelbussen', 'Cargobikes voor het voetgangersgebied', 'Geen uitstoot in de binnenstad'],
      },
      {
        titles: ['{carrier} opent stadshub aan de rand van {city}', 'Nieuwe stadshub van {carrier} houdt vrachtwagens uit het centrum'],
        summaries: ['Vanuit de nieuwe hub van {carrier} rijden cargobikes en kleine elektrische voertuigen de stad in. Grote vrachtwagens komen niet meer in het centrum van {city}.'],
        intros: ['{carrier} heeft aan de rand van {city} een stadshub geopend. Grote vrachtwagens leveren de pakketten daar ’s nachts af, waarna ze overdag met kleine elektrische voertuigen worden rondgebracht.'],
        paragraphs: [
          'Bij de hub zijn {chargers} laadpunten geïnstalleerd. Het stroomnetwerk in de regio is volgens de vervoerder tegen zijn grenzen aan, waardoor uitbreiding lastig is.',
          'Gemeente en vervoerder maken afspraken over laad- en losplekken. In {city} komen venstertijden waarin alleen emissievrije voertuigen de voetgangersgebieden in mogen.',
        ],
        list: ['{chargers} laadpunten bij de hub', 'Nachtelijke belevering door vrachtwagens', 'Elektrische voertuigen en cargobikes overdag'],
      },
      {
        titles: ['Zero-emissiezones dwingen vervoerders tot snellere overstap', 'Steeds meer steden weren vervuilende bestelbussen'],
        summaries: ['Steeds meer gemeenten voeren een zero-emissiezone voor stadslogistiek in. Vervoerders als {carrier} investeren fors in elektrische voertuigen en laadinfrastructuur.'],
        intros: ['Met de uitbreiding van zero-emissiezones in Nederlandse steden versnelt de overstap naar elektrische bezorging. Ook {carrier} vervangt zijn vloot sneller dan gepland.'],
        paragraphs: [
          'In een zero-emissiezone mogen alleen bestel- en vrachtauto’s rijden die geen uitstoot hebben. Voor oudere voertuigen gelden overgangsregelingen, maar die lopen de komende jaren af.',
          '{carrier} verwacht dat binnen twee jaar driekwart van de bestelbussen elektrisch rijdt. In {city} is dat nu al het geval.',
        ],
      },
    ],
    body: [
      'De grootste uitdaging zit niet in de voertuigen, maar in het laden. Netbeheerders kunnen de vraag naar nieuwe aansluitingen op veel bedrijventerreinen niet bijbenen.',
      'Kleine elektrische voertuigen en cargobikes rukken op in de binnensteden. Ze zijn wendbaar, stil en mogen vaak ook in voetgangersgebieden komen.',
      'Voor webwinkels biedt emissievrije bezorging een verkoopargument. Sommige winkels tonen in de checkout al de verwachte uitstoot per bezorgoptie.',
    ],
    headings: ['Laden is de bottleneck', 'Cargobike wint tijd', 'Afspraken met de gemeente', 'Verkoopargument voor webwinkels'],
    quotes: [
      'Een emissievrije binnenstad is geen toekomstmuziek meer. Wie nu niet investeert, mag straks de stad niet meer in',
      'Het stroomnet is de grootste rem op de energietransitie in de logistiek. We hebben de bussen, maar niet altijd de stroom',
    ],
    lists: [['Overgangsregelingen lopen af', 'Laadpunten op de hub', 'Venstertijden voor voetgangersgebieden', 'Uitstoot zichtbaar in de checkout']],
  },
  {
    key: 'nieuw-dc',
    topic: 'fulfilment',
    actor: 'fulfiller',
    tags: ['Fulfilment', 'Warehousing', 'Magazijn', 'Supply chain'],
    images: ['magazijn-stellingen', 'containerhaven', 'inpaktafel'],
    angles: [
      {
        titles: ['{fulfiller} opent nieuw fulfilmentcentrum in {city}', 'Nieuw fulfilmentcentrum van {fulfiller} in gebruik'],
        summaries: ['Het nieuwe centrum van {fulfiller} in {city} biedt {sqm} vierkante meter opslag en is ingericht op de groei van webwinkelklanten.'],
        intros: ['{fulfiller} heeft een nieuw fulfilmentcentrum geopend in {city}. Het gebouw telt {sqm} vierkante meter en is speciaal ingericht voor e-commerce, met veel kleine pickposities en een grote inpakafdeling.'],
        paragraphs: [
          'De locatie is gekozen vanwege de ligging aan de snelweg en de nabijheid van sorteercentra van meerdere vervoerders. Pakketten die ’s avonds worden ingepakt, kunnen dezelfde nacht worden gesorteerd.',
          'In de eerste fase worden vooral klanten uit de mode- en verzorgingsbranche overgezet. Later volgen ook grotere artikelen zoals tuinmeubels en fietsonderdelen.',
        ],
        list: ['Oppervlak: {sqm} vierkante meter', 'Ligging direct aan de snelweg', 'Eerst mode en verzorging, later grotere artikelen'],
      },
      {
        titles: ['Nieuw distributiecentrum levert {jobs} banen op in {city}', '{fulfiller} zoekt {jobs} medewerkers voor nieuw centrum'],
        summaries: ['Met de uitbreiding in {city} ontstaan {jobs} nieuwe banen. {fulfiller} investeert in een prettige werkplek om medewerkers vast te houden.'],
        intros: ['Fulfilmentbedrijf {fulfiller} breidt uit. In {city} wordt een distributiecentrum van {sqm} vierkante meter in gebruik genomen, goed voor {jobs} nieuwe arbeidsplaatsen.'],
        paragraphs: [
          'Voor het personeel is geïnvesteerd in daglicht, een goed geventileerde werkvloer en ergonomische inpaktafels. Dat moet helpen om medewerkers vast te houden in een krappe arbeidsmarkt.',
          'De werving is inmiddels gestart. {fulfiller} werkt samen met de gemeente en het regionale werkbedrijf om ook werkzoekenden uit de regio aan een baan te helpen.',
        ],
        list: ['Nieuwe banen: {jobs}', 'Samenwerking met het regionale werkbedrijf', 'Daglicht en ergonomische werkplekken'],
      },
      {
        titles: ['{fulfiller} neemt duurzaam magazijn in gebruik', 'Zonnepanelen en warmtepompen in nieuw magazijn {fulfiller}'],
        summaries: ['Het nieuwe magazijn van {fulfiller} in {city} heeft ruim {panels} zonnepanelen op het dak en draait grotendeels op eigen stroom.'],
        intros: ['{fulfiller} heeft in {city} een magazijn in gebruik genomen dat grotendeels op eigen stroom draait. Op het dak liggen ruim {panels} zonnepanelen en de verwarming gebeurt met warmtepompen.'],
        paragraphs: [
          'Het gebouw voldoet aan de hoogste duurzaamheidseisen. Overtollige stroom wordt opgeslagen in een batterij, zodat ook de elektrische heftrucks ’s nachts op zonne-energie kunnen laden.',
          'Met de opening groeit het netwerk van {fulfiller} naar {sites} locaties. Daardoor kunnen webwinkels hun voorraad over meerdere centra spreiden en sneller leveren.',
        ],
        list: ['Zonnepanelen: ruim {panels}', 'Verwarming met warmtepompen', 'Batterij voor opslag van zonnestroom', 'Aantal locaties in het netwerk: {sites}'],
      },
    ],
    body: [
      'De regio rond {city} is een van de populairste logistieke hotspots van Nederland. Beschikbare grond is schaars en gemeenten zijn kritischer geworden op nieuwe grote distributiecentra.',
      'Webwinkels kiezen steeds vaker voor een fulfilmentpartner in plaats van een eigen magazijn. Ze betalen dan per order en hoeven zelf niet te investeren in ruimte en personeel.',
      'Het gebouw is voorbereid op automatisering. De vloer en de hoogte zijn geschikt voor een compact opslagsysteem als de volumes daarom vragen.',
    ],
    headings: ['Schaarse ruimte', 'Betalen per order', 'Voorbereid op automatisering', 'Goed werkgeverschap'],
    quotes: [
      'We groeien met onze klanten mee. Dit centrum geeft ons de ruimte om de komende jaren zonder kunst- en vliegwerk door te groeien',
      'Een goed magazijn is meer dan een dak en een vloer. Het gaat om licht, lucht en een plek waar mensen graag werken',
    ],
    lists: [['Ligging nabij sorteercentra', 'Geschikt voor automatisering', 'Ruimte voor groei van klanten', 'Late cut-off voor webwinkels']],
  },
  {
    key: 'investering',
    topic: 'fulfilment',
    actor: 'vendor',
    vendors: ['LogiQ Software', 'RouteWijs', 'Stockwise', 'Magaza Systems'],
    tags: ['Supply chain', 'Fulfilment', 'Automatisering', 'B2B'],
    images: ['groeigrafiek', 'webshop-scherm', 'routekaart'],
    angles: [
      {
        titles: ['{vendor} haalt {eur} miljoen op voor Europese groei', 'Investeerders steken {eur} miljoen in {vendor}'],
        summaries: ['Met het geld wil {vendor} uitbreiden naar {country} en het team verdubbelen. De software wordt inmiddels door honderden webwinkels gebruikt.'],
        intros: ['Logistiek softwarebedrijf {vendor} heeft in een nieuwe financieringsronde {eur} miljoen euro opgehaald. Het geld is bedoeld voor uitbreiding naar {country} en verdere productontwikkeling.'],
        paragraphs: [
          'Het bedrijf werd zes jaar geleden opgericht in {city} en groeide uit tot een team van {team} medewerkers. De omzet steeg het afgelopen jaar met {pct} procent.',
          'Investeerders hebben volop interesse in logistieke technologie. Automatisering en datagedreven planning worden gezien als de belangrijkste manier om de kosten in de keten te verlagen.',
        ],
        list: ['Financiering: {eur} miljoen euro', 'Teamomvang: {team} medewerkers', 'Omzetgroei: {pct} procent', 'Nieuwe markt: {country}'],
      },
      {
        titles: ['{fulfiller} neemt softwarebedrijf {vendor} over', 'Overname: {vendor} gaat op in {fulfiller}'],
        summaries: ['Met de overname haalt {fulfiller} eigen softwarekennis in huis. Het merk {vendor} blijft bestaan en is ook beschikbaar voor andere bedrijven.'],
        intros: ['{fulfiller} neemt {vendor} over. Met de overname krijgt het fulfilmentbedrijf de beschikking over eigen software voor voorraadbeheer en orderrouting.'],
        paragraphs: [
          'Voor bestaande klanten verandert er op korte termijn niets. De software blijft beschikbaar voor bedrijven die niet met {fulfiller} werken.',
          'Het team van {team} medewerkers blijft gevestigd in {city}. De oprichters blijven aan als directie van {vendor}.',
        ],
      },
      {
        titles: ['{vendor} sluit partnerschap met {carrier}', '{vendor} en {carrier} koppelen systemen'],
        summaries: ['Door de samenwerking kunnen klanten van {vendor} direct verzendlabels van {carrier} aanmaken en de status van zendingen volgen.'],
        intros: ['{vendor} en {carrier} gaan samenwerken. Webwinkels die de software van {vendor} gebruiken, kunnen voortaan rechtstreeks zendingen aanmelden bij {carrier}.'],
        paragraphs: [
          'Via de koppeling worden verzendlabels automatisch aangemaakt en track-and-trace-informatie direct teruggekoppeld naar de webwinkel.',
          'Ook retourlabels kunnen via de koppeling worden aangemaakt. Klanten kiezen zelf of ze de retour bij een afhaalpunt inleveren of laten ophalen.',
        ],
      },
    ],
    body: [
      'De software van {vendor} koppelt webwinkels, marktplaatsen en magazijnen aan elkaar. Orders worden automatisch naar het juiste magazijn gestuurd, afhankelijk van voorraad en gewenste levertijd.',
      'De koppeling met vervoerders is een belangrijk onderdeel van het platform. Webwinkels kunnen per zending de goedkoopste of snelste vervoerder laten kiezen.',
      'De markt voor logistieke software consolideert. Grote partijen kopen gespecialiseerde spelers om hun dienstverlening uit te breiden.',
    ],
    headings: ['Software als verbindende schakel', 'Wat verandert er voor klanten?', 'Een markt in beweging', 'Data als brandstof'],
    quotes: [
      'Elke webwinkel werkt inmiddels met meerdere kanalen en vervoerders. Wij zorgen dat al die systemen met elkaar praten',
      'Met deze stap kunnen we sneller bouwen aan de functies waar onze klanten om vragen',
    ],
    lists: [['Orderrouting op basis van voorraad', 'Koppelingen met vervoerders', 'Track-and-trace in de webwinkel', 'Retourlabels vanuit hetzelfde systeem']],
  },
  {
    key: 'onderzoek',
    topic: 'ecommerce',
    actor: 'carrier',
    tags: ['Webwinkels', 'Last mile', 'Klantenservice', 'Pakketten', 'Duurzaamheid'],
    images: ['groeigrafiek', 'bestelbus-straat', 'webshop-scherm'],
    angles: [
      {
        titles: ['Consument kiest vaker voor afhaalpunt dan voor thuisbezorging', 'Onderzoek: afhaalpunt is geen noodoplossing meer', '{pct2} procent van de shoppers vindt afhaalpunt prima'],
        summaries: ['Uit onderzoek onder ruim {respondents} consumenten blijkt dat {pct2} procent een afhaalpunt minstens zo prettig vindt als bezorging aan huis.'],
        intros: ['Steeds meer consumenten laten hun pakket bezorgen bij een afhaalpunt. Dat blijkt uit onderzoek van onderzoeksbureau Marktlens onder ruim {respondents} Nederlanders die het afgelopen half jaar online iets kochten.'],
        paragraphs: [
          'Van de ondervraagden zegt {pct2} procent een afhaalpunt minstens zo prettig te vinden als bezorging thuis. Vooral jongeren en mensen die overdag niet thuis zijn, kiezen bewust voor een punt in de buurt.',
          'Vervoerders breiden hun netwerk van afhaalpunten en pakketkluizen daarom verder uit. Ook {carrier} plaatst de komende tijd honderden nieuwe kluizen.',
        ],
      },
      {
        titles: ['Onderzoek: betrouwbare levertijd belangrijker dan snelheid', 'Consument wil vooral weten wanneer het pakket komt'],
        summaries: ['Consumenten hechten meer waarde aan een betrouwbare bezorgbelofte dan aan bezorging op dezelfde dag, blijkt uit onderzoek onder {respondents} online shoppers.'],
        intros: ['Een betrouwbare levertijd is voor online shoppers belangrijker dan snelheid. Dat concludeert onderzoeksbureau Marktlens op basis van een enquête onder {respondents} consumenten.'],
        paragraphs: [
          'Bezorging op dezelfde dag wordt door slechts een kleine groep als belangrijk gezien. Veel belangrijker is dat het pakket komt op het moment dat is beloofd.',
          'Consumenten ergeren zich het meest aan brede tijdvakken en aan pakketten die bij de buren worden afgegeven zonder duidelijke melding.',
        ],
      },
      {
        titles: ['Helft van de online shoppers wil duurzame bezorgoptie', 'Onderzoek: consument wacht graag een dag langer voor emissievrije levering'],
        summaries: ['Een groeiende groep online shoppers is bereid langer te wachten op een bestelling als dat de uitstoot van de bezorging verlaagt.'],
        intros: ['Bijna de helft van de online shoppers is bereid een dag langer te wachten als de bezorging daardoor emissievrij kan plaatsvinden. Dat blijkt uit onderzoek van Marktlens onder {respondents} consumenten.'],
        paragraphs: [
          'Webwinkels kunnen daarop inspelen door in de checkout verschillende opties te tonen, inclusief de verwachte uitstoot. Vervoerders als {carrier} bieden die informatie al aan.',
          'Wel blijken consumenten niet bereid er veel extra voor te betalen. Een duurzame optie moet volgens de meeste respondenten niet duurder zijn dan de standaardbezorging.',
        ],
      },
    ],
    body: [
      'Opvallend is dat het vertrouwen in bezorging verschilt per regio. In landelijke gebieden zijn consumenten tevredener dan in de grote steden.',
      'De onderzoekers adviseren webwinkels om de bezorgopties in de checkout duidelijk en eerlijk te presenteren, inclusief de verwachte levertijd.',
      'Het onderzoek wordt jaarlijks herhaald. Ten opzichte van vorig jaar is vooral de tevredenheid over de communicatie rond de bezorging toegenomen.',
    ],
    headings: ['Betrouwbaarheid boven snelheid', 'Regionale verschillen', 'Aanbevelingen voor webwinkels', 'De resultaten'],
    quotes: [
      'De consument wil vooral weten waar hij aan toe is. Een belofte die wordt waargemaakt, is meer waard dan een snelle belofte die faalt',
      'Het afhaalpunt heeft zijn imago van noodoplossing volledig afgeschud',
    ],
    lists: [['Afhaalpunt minstens zo prettig: {pct2} procent', 'Wil een smal tijdvak: 7 op de 10 consumenten', 'Bereid een dag langer te wachten voor emissievrije bezorging: bijna de helft', 'Aantal respondenten: {respondents}']],
  },
  {
    key: 'piekseizoen',
    topic: 'logistiek',
    actor: 'carrier',
    months: [9, 10, 11, 12],
    tags: ['Pakketten', 'Last mile', 'Webwinkels', 'Magazijn', 'Klantenservice'],
    images: ['sorteerband', 'pakketten-stapel', 'magazijn-stellingen'],
    angles: [
      {
        titles: ['{carrier} verwacht recorddrukte rond Black Friday', '{carrier} rekent op {pct} procent meer pakketten in de piek'],
        summaries: ['{carrier} rekent in de weken rond Black Friday op {pct} procent meer pakketten dan vorig jaar. Extra sorteercapaciteit en personeel moeten vertraging voorkomen.'],
        intros: ['{carrier} bereidt zich voor op de drukste periode van het jaar. Rond Black Friday en de feestdagen verwacht de vervoerder tot {pct} procent meer pakketten dan vorig jaar.'],
        paragraphs: [
          'In het sorteercentrum in {city} wordt in de piekweken in drie ploegen gewerkt. Daarnaast is een tijdelijke sorteerlocatie ingericht om de drukte op te vangen.',
          'De grootste onzekerheid is het weer. Bij vorst of storm lopen de bezorgrondes vertraging op en kan de planning in een paar dagen ontsporen.',
        ],
      },
      {
        titles: ['Vervoerders werven duizenden extra krachten voor de feestdagen', '{carrier} zoekt {temps} tijdelijke medewerkers'],
        summaries: ['Om de piek op te vangen, werven vervoerders en fulfilmentbedrijven op grote schaal tijdelijke medewerkers. {carrier} zoekt er alleen al {temps}.'],
        intros: ['Voor het piekseizoen werft {carrier} ruim {temps} tijdelijke medewerkers voor de sorteercentra en de bezorging. Ook worden extra voertuigen gehuurd.'],
        paragraphs: [
          'Voor de bezorgers komen er extra rustmomenten en een bonus voor wie de hele piekperiode meedraait.',
          'Nieuwe medewerkers krijgen een korte training in het sorteercentrum in {city} en rijden de eerste dagen mee met een ervaren collega.',
        ],
      },
      {
        titles: ['{carrier} vraagt webwinkels om volumes vooraf te melden', 'Piekseizoen: sorteercentra draaien dag en nacht'],
        summaries: ['Webwinkels die hun verwachte volumes niet doorgeven, lopen het risico dat hun pakketten later worden opgehaald, waarschuwt {carrier}.'],
        intros: ['{carrier} vraagt webwinkels om hun verwachte volumes voor de piekweken vooraf door te geven. Op basis daarvan worden ophaalmomenten en sorteercapaciteit ingepland.'],
        paragraphs: [
          'Webwinkels die hun volumes niet melden, krijgen in de drukste dagen mogelijk een later ophaalmoment. Dat kan een dag extra levertijd betekenen.',
          'De sorteercentra draaien in de piekweken dag en nacht. Alleen op zondagochtend ligt de sortering een paar uur stil voor onderhoud.',
        ],
        list: ['Geef verwachte volumes vooraf door', 'Plan acties niet allemaal op dezelfde dag', 'Communiceer realistische levertijden', 'Zorg voor voldoende verpakkingsmateriaal'],
      },
    ],
    body: [
      'Fulfilmentbedrijven merken de drukte al weken eerder. Webwinkels vullen hun voorraden aan en vragen om extra inpakcapaciteit voor acties.',
      'Consumenten wordt aangeraden cadeaus op tijd te bestellen. De laatste besteldag voor bezorging voor de feestdagen ligt bij de meeste webwinkels rond 20 december.',
      'De piek begint elk jaar eerder. Webwinkels spreiden hun acties over meerdere weken, waardoor de drukte minder scherp is dan een paar jaar geleden.',
    ],
    headings: ['Drie ploegen in het sorteercentrum', 'Het weer als onzekere factor', 'Tips voor webwinkels', 'Een langere piek'],
    quotes: [
      'De piek begint niet meer op Black Friday, maar twee weken eerder. Consumenten spreiden hun aankopen, en dat helpt ons enorm',
      'Hoe beter webwinkels ons informeren, hoe beter we kunnen plannen. Verrassingen zijn in deze weken het grootste risico',
    ],
    lists: [['Extra sorteercapaciteit', 'Tijdelijke medewerkers', 'Gehuurde voertuigen', 'Laatste besteldag rond 20 december']],
  },
  {
    key: 'personeel',
    topic: 'logistiek',
    actor: 'fulfiller',
    tags: ['Magazijn', 'Warehousing', 'Automatisering', 'Supply chain'],
    images: ['magazijn-stellingen', 'inpaktafel', 'robotarm'],
    angles: [
      {
        titles: ['Personeelstekort in logistiek regio {city} houdt aan', 'Logistieke sector zoekt oplossingen voor krappe arbeidsmarkt'],
        summaries: ['Ondanks automatisering blijft het lastig om voldoende magazijnpersoneel te vinden. Werkgevers bieden vaker vaste contracten en opleidingen aan.'],
        intros: ['De logistieke sector kampt nog altijd met een groot tekort aan personeel. Volgens de regionale werkgeversvereniging staan er in de regio {city} honderden vacatures open voor magazijnmedewerkers.'],
        paragraphs: [
          'Werkgevers kijken steeds vaker naar nieuwe doelgroepen, zoals statushouders, herintreders en ouderen. Taalcursussen en flexibele werktijden helpen daarbij.',
          'Ook {fulfiller} merkt de krapte. Het bedrijf werkt samen met andere werkgevers in de regio om medewerkers in rustige periodes uit te wisselen.',
        ],
      },
      {
        titles: ['{fulfiller} zet in op vaste contracten voor magazijnmedewerkers', 'Vast contract na zes maanden bij {fulfiller}'],
        summaries: ['Door medewerkers na zes maanden een vast contract te bieden, wil {fulfiller} het verloop halveren.'],
        intros: ['{fulfiller} biedt voortaan alle magazijnmedewerkers na zes maanden een vast contract aan. Het bedrijf wil daarmee het hoge verloop terugdringen.'],
        paragraphs: [
          'Het verloop onder magazijnmedewerkers is hoog. Veel uitzendkrachten vertrekken binnen een paar maanden naar een andere werkgever die net iets meer biedt.',
          'Nieuwe collega’s krijgen een buddy en een vast aanspreekpunt. Ook worden werkroosters langer vooruit bekendgemaakt.',
        ],
        list: ['Vast contract na zes maanden', 'Buddy voor elke nieuwe medewerker', 'Roosters langer vooruit bekend'],
      },
      {
        titles: ['{fulfiller} start eigen opleiding voor orderpickers', 'Zij-instromers in zes weken aan de slag bij {fulfiller}'],
        summaries: ['Met een eigen opleiding leidt {fulfiller} zij-instromers in zes weken op tot orderpicker en heftruckchauffeur.'],
        intros: ['{fulfiller} is gestart met een eigen opleiding voor orderpickers en heftruckchauffeurs. Zij-instromers zonder ervaring in de logistiek kunnen na zes weken aan de slag.'],
        paragraphs: [
          'De opleiding combineert theorie met praktijk op de werkvloer in {city}. Deelnemers halen onder meer hun heftruckcertificaat.',
          'Wie de opleiding afrondt, krijgt direct een contract voor een jaar. De eerste groep van twintig deelnemers is inmiddels gestart.',
        ],
        list: ['Opleiding van zes weken', 'Heftruckcertificaat inbegrepen', 'Direct een contract na afronding', 'Taalcursus op de werkvloer'],
      },
    ],
    body: [
      'Automatisering wordt vaak als oplossing voor het personeelstekort genoemd, maar dat gaat niet snel genoeg. Ook in een geautomatiseerd magazijn zijn mensen nodig voor inpakken, retouren en onderhoud.',
      'De lonen in de logistiek zijn de afgelopen jaren fors gestegen. Toch blijft het werk voor veel mensen minder aantrekkelijk door wisselende roosters en fysiek zwaar werk.',
      'Branchevereniging Logistiek Nederland pleit voor meer samenwerking tussen werkgevers, onderwijs en gemeenten om nieuwe medewerkers op te leiden.',
    ],
    headings: ['Hoog verloop', 'Investeren in opleiding', 'Automatisering geen wondermiddel', 'Nieuwe doelgroepen'],
    quotes: [
      'Goede mensen vind je niet, die maak je. Daarom investeren we in opleiding en een prettige werkplek',
      'Een vast contract geeft rust. Mensen kunnen een huis huren, een toekomst plannen. Dat merken we direct in de motivatie',
    ],
    lists: [['Flexibele werktijden', 'Taalcursussen', 'Samenwerking met het onderwijs', 'Uitwisseling tussen werkgevers']],
  },
  {
    key: 'betalen',
    topic: 'ecommerce',
    actor: 'vendor',
    vendors: ['PayNed', 'Betaalbaar', 'Kassa Online'],
    tags: ['Betalen', 'Webwinkels', 'Klantenservice', 'Cross-border'],
    images: ['webshop-scherm', 'groeigrafiek', 'routekaart'],
    angles: [
      {
        titles: ['Achteraf betalen aan banden: wat webwinkels moeten weten', 'Strengere regels voor achteraf betalen op komst'],
        summaries: ['Nieuwe Europese regels voor consumentenkrediet hebben gevolgen voor achteraf betalen. Webwinkels moeten hun checkout tegen het licht houden.'],
        intros: ['Achteraf betalen wordt strenger gereguleerd. Aanbieders moeten de kredietwaardigheid beter controleren en consumenten duidelijker informeren. Dat heeft gevolgen voor webwinkels die deze betaalmethode aanbieden.'],
        paragraphs: [
          'Achteraf betalen is populair, vooral bij mode en elektronica. Voor webwinkels verhoogt het de conversie, maar het brengt ook risico’s mee voor consumenten die hun uitgaven uit het oog verliezen.',
          'Onder de nieuwe regels moeten aanbieders vooraf nagaan of een consument het bedrag kan betalen. Ook aanmaningskosten worden aan banden gelegd.',
        ],
        list: ['Controleer of de betaalaanbieder aan de nieuwe regels voldoet', 'Informeer klanten duidelijk over betaaltermijnen', 'Toon achteraf betalen niet als standaardoptie'],
      },
      {
        titles: ['{vendor} brengt betaalknop voor zakelijke inkopers', 'Zakelijk op rekening bestellen met {vendor}'],
        summaries: ['Met een nieuwe betaalknop van {vendor} kunnen zakelijke klanten bij webwinkels op rekening bestellen, met automatische kredietcheck en facturatie.'],
        intros: ['Betaaldienstverlener {vendor} introduceert een betaalknop voor zakelijke inkopers. Bedrijven kunnen daarmee bij webwinkels op rekening bestellen, met een betaaltermijn van dertig dagen.'],
        paragraphs: [
          'Voor zakelijke klanten is betalen op rekening de norm. Toch bieden veel webwinkels dat niet aan, omdat ze het kredietrisico niet willen lopen.',
          'De betaalknop van {vendor} neemt dat risico over. De webwinkel krijgt direct uitbetaald, terwijl de zakelijke klant binnen dertig dagen betaalt.',
        ],
      },
      {
        titles: ['Consument rekent steeds vaker af met de telefoon', 'Mobiel betalen goed voor {pct2} procent van online betalingen'],
        summaries: ['Mobiel betalen is inmiddels de meest gebruikte methode in de webwinkel. Dat vraagt om een checkout die volledig op de telefoon is afgestemd.'],
        intros: ['Ruim {pct2} procent van de online betalingen gebeurt inmiddels via de smartphone. Dat blijkt uit cijfers van betaaldienstverlener {vendor} over het afgelopen jaar.'],
        paragraphs: [
          'Webwinkels met een checkout die niet goed werkt op de telefoon, lopen omzet mis. Volgens {vendor} haakt een op de vijf mobiele klanten af bij een onhandig betaalscherm.',
          'Betalen met een opgeslagen betaalmethode en inloggen met een eenmalige code zorgen voor de hoogste conversie.',
        ],
      },
    ],
    body: [
      'Voor internationale klanten blijft het belangrijk om lokale betaalmethoden aan te bieden. Wat in Nederland vanzelfsprekend is, is in {country} vaak onbekend.',
      'Betaaldienstverleners concurreren steeds meer op extra diensten, zoals fraudedetectie, abonnementen en uitbetaling aan verkopers op marktplaatsen.',
      'De transactiekosten voor webwinkels zijn de afgelopen jaren licht gedaald, maar de kosten voor achteraf betalen en creditcards blijven relatief hoog.',
    ],
    headings: ['Wat verandert er?', 'Mobiel eerst', 'Lokale betaalmethoden', 'Meer dan betalen'],
    quotes: [
      'Een goede checkout is onzichtbaar. De klant moet in drie tikken klaar zijn, zonder verrassingen',
      'Zakelijke inkopers willen hetzelfde gemak als consumenten, maar dan met een factuur',
    ],
    lists: [['Test de checkout op de telefoon', 'Bied lokale betaalmethoden aan in het buitenland', 'Vergelijk transactiekosten per methode', 'Gebruik fraudedetectie']],
  },
  {
    key: 'verpakking',
    topic: 'fulfilment',
    actor: 'fulfiller',
    tags: ['Duurzaamheid', 'Fulfilment', 'Retouren', 'Pakketten'],
    images: ['inpaktafel', 'pakketten-stapel', 'robotarm'],
    angles: [
      {
        titles: ['{fulfiller} verpakt voortaan op maat', 'Minder lucht in pakketten scheelt vrachtwagens'],
        summaries: ['Met een machine die dozen op maat maakt, verstuurt {fulfiller} gemiddeld {pct2} procent minder lucht. Dat scheelt vulmateriaal en transportcapaciteit.'],
        intros: ['{fulfiller} heeft een verpakkingsmachine in gebruik genomen die voor elke bestelling een doos op maat maakt. Daarmee neemt het volume van de verzonden pakketten gemiddeld met {pct2} procent af.'],
        paragraphs: [
          'De machine meet de artikelen van een bestelling, snijdt karton op maat en vouwt de doos in enkele seconden. Er is geen vulmateriaal meer nodig.',
          'Minder volume betekent ook minder transport. Volgens {fulfiller} passen er per vrachtwagen nu ruim een kwart meer pakketten in.',
        ],
        list: ['Gemiddeld {pct2} procent minder volume per pakket', 'Geen vulmateriaal meer nodig', 'Ruim een kwart meer pakketten per vrachtwagen'],
      },
      {
        titles: ['{webshop} test retourverpakking die twintig keer meegaat', 'Herbruikbare verpakking wint terrein bij webwinkels'],
        summaries: ['De herbruikbare verpakking gaat met de klant mee en wordt via een afhaalpunt retour gestuurd. Na twintig ritten wordt het materiaal gerecycled.'],
        intros: ['Webwinkel {webshop} test een herbruikbare verpakking die tot twintig keer mee kan. Klanten kunnen de lege verpakking kosteloos inleveren bij een afhaalpunt.'],
        paragraphs: [
          'Herbruikbare verpakkingen zijn duurder in aanschaf, maar kunnen over meerdere ritten goedkoper uitvallen. De uitdaging is om genoeg verpakkingen terug te krijgen.',
          'Klanten reageren positief op de proef. Ruim zeven op de tien deelnemers zegt de herbruikbare verpakking te willen blijven gebruiken.',
        ],
      },
    ],
    body: [
      'Veel pakketten bestaan voor een groot deel uit lucht. Dat kost niet alleen vulmateriaal, maar ook ruimte in de bestelbus en de vrachtwagen.',
      'De nieuwe Europese verpakkingsverordening stelt grenzen aan het aandeel lege ruimte in een verpakking. Webwinkels moeten de komende jaren hun verpakkingsproces daarop inrichten.',
      'Steeds meer webwinkels kiezen voor karton van gecertificeerde herkomst en papieren tape, zodat de verpakking in zijn geheel bij het oud papier kan.',
    ],
    headings: ['Lucht kost geld', 'Nieuwe Europese regels', 'Minder transport', 'Alles bij het oud papier'],
    quotes: [
      'We versturen geen lucht meer. Dat is goed voor het milieu, maar eerlijk gezegd vooral ook voor de portemonnee van onze klanten',
      'Een verpakking die twintig keer meegaat, is pas duurzaam als hij ook twintig keer terugkomt',
    ],
    lists: [['Karton van gecertificeerde herkomst', 'Papieren tape', 'Minder lege ruimte', 'Herbruikbare verpakking als optie']],
  },
  {
    key: 'omnichannel',
    topic: 'ecommerce',
    actor: 'webshop',
    tags: ['Omnichannel', 'Voorraadbeheer', 'Webwinkels', 'Klantenservice'],
    images: ['webshop-scherm', 'bestelbus-straat', 'magazijn-stellingen'],
    angles: [
      {
        titles: ['{webshop} verstuurt online bestellingen vanuit de winkels', 'Winkel wordt magazijn bij {webshop}'],
        summaries: ['Door online bestellingen vanuit de dichtstbijzijnde winkel te verzenden, wordt de levertijd bij {webshop} korter en neemt de afprijsdruk in de winkels af.'],
        intros: ['{webshop} verstuurt online bestellingen voortaan ook vanuit de eigen winkels. Wanneer een artikel in het centrale magazijn niet op voorraad is, maar wel in een winkel, wordt het daar ingepakt en verzonden.'],
        paragraphs: [
          'Verzenden vanuit de winkel verkort de levertijd, maar vraagt wel om extra handelingen van het winkelpersoneel. Er zijn aparte inpakplekken ingericht achter de winkels.',
          'Artikelen die in een winkel slecht verkopen, vinden zo online alsnog een koper. Dat scheelt afprijzen aan het eind van het seizoen.',
        ],
      },
      {
        titles: ['Click & collect groeit sterk bij {webshop}', 'Steeds meer klanten halen online bestelling op bij {webshop}'],
        summaries: ['Het aandeel bestellingen dat in de winkel wordt opgehaald, steeg naar {pct2} procent. Een deel van de klanten koopt bij het ophalen meteen iets extra.'],
        intros: ['Bij {webshop} wordt steeds vaker online besteld en in de winkel opgehaald. Het aandeel click & collect steeg het afgelopen jaar naar {pct2} procent van alle online orders.'],
        paragraphs: [
          'Klanten die een bestelling in de winkel ophalen, kopen vaak iets extra. Bij {webshop} gebeurt dat bij ruim een kwart van de afhaalorders.',
          'Bestellingen die voor twaalf uur worden geplaatst, liggen dezelfde middag klaar. Klanten krijgen een bericht zodra ze kunnen worden opgehaald.',
        ],
        list: ['Afhalen dezelfde middag bij bestelling voor 12.00 uur', 'Bericht zodra de bestelling klaarligt', 'Retourneren in elke winkel'],
      },
      {
        titles: ['Winkelvoorraad online zichtbaar: {webshop} koppelt alle kanalen', 'Omnichannel-retailers winnen terrein op pure players'],
        summaries: ['Klanten zien voortaan per winkel welke artikelen op voorraad zijn. Dat zorgt volgens {webshop} voor meer bezoek aan de fysieke winkels.'],
        intros: ['{webshop} toont op de website voortaan per winkel welke artikelen op voorraad zijn. Daarvoor is de voorraad van alle winkels en het magazijn gekoppeld in één systeem.'],
        paragraphs: [
          'De koppeling tussen de voorraad in winkels en magazijn was jarenlang het grootste struikelblok. Pas met een centraal voorraadsysteem kan de webwinkel realtime zien waar een artikel ligt.',
          'Pure players zien de voordelen ook. Sommige webwinkels openen showrooms of werken samen met winkeliers om afhaalpunten te bieden.',
        ],
      },
    ],
    body: [
      'Voor de voorraadplanning betekent omnichannel een andere manier van denken. De vraag wordt niet meer per kanaal, maar per regio voorspeld.',
      'Winkelpersoneel krijgt een andere rol. Naast adviseren en afrekenen horen picken, inpakken en retouren verwerken nu ook bij het werk.',
      'Retailers die online en offline goed combineren, groeien volgens Online Retail Nederland harder dan partijen die alleen online verkopen.',
    ],
    headings: ['Eén voorraad voor alle kanalen', 'Een nieuwe rol voor winkelpersoneel', 'Voorraadplanning per regio', 'Online en offline samen'],
    quotes: [
      'De klant denkt niet in kanalen. Die wil een product, zo snel mogelijk en op de manier die hem uitkomt',
      'Onze winkels zijn kleine distributiecentra geworden. Dat vraagt om een andere manier van werken, maar het loont',
    ],
    lists: [['Realtime voorraad per winkel zichtbaar', 'Verzending vanuit de dichtstbijzijnde winkel', 'Ophalen binnen een paar uur', 'Retourneren in elke winkel']],
  },
];

module.exports = { FAMILIES };
