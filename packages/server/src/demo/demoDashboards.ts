import type { DashboardDefinitionInput, DashboardSharing } from '@atrium/shared/dashboards';
import type { Labels } from '@atrium/shared/apps';
import type { DemoOrg, DemoPeople } from './demoRecords.js';

/**
 * The demo's dashboards (docs/behaviour/dashboards.md#dashboards-on-the-server):
 * per organisation, dashboards over the datasets of the applications it
 * runs, with every kind of widget, KPIs with thresholds, drills three
 * levels deep (incidents by service, then by severity, then the incidents
 * themselves, whose log opens as a file), records opened from a figure, a
 * widget that filters the others, and dashboards that open one another.
 * Olivia's home is her team's leave; everyone else gets their
 * organisation's welcome block. Written by seedDemoDashboards.ts.
 */

/** A text in the seven locales. */
const t = (en_EN: string, de_DE: string, fr_FR: string, nb_NO: string, sl_SI: string, vi_VN: string, zh_CN: string): Labels => ({ en_EN, de_DE, fr_FR, nb_NO, sl_SI, vi_VN, zh_CN });

type Widget = DashboardDefinitionInput['widgets'][number];
type Query = Widget['query'];
const at = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
const q = (app: string, dataset: string, dimensions: string[], measures: string[], rest: Partial<Query> = {}): Query => ({ app, dataset, dimensions, measures, ...rest });

/** One demo dashboard: who owns it, who sees it, and its definition (given the uuids of the dashboards written before it). */
export interface DemoDashboard {
  key: string;
  org: DemoOrg;
  owner: keyof DemoPeople;
  sharing: DashboardSharing;
  definition(uuids: ReadonlyMap<string, string>): DashboardDefinitionInput;
}

const INCIDENTS = (dimensions: string[], measures = ['incidents'], rest: Partial<Query> = {}) => q('Incidents', 'incidents', dimensions, measures, rest);

/** Incidents by service, then by severity (a widget without a place), then the incidents, whose click opens the service's log of that day. */
function incidentDrillChain(): Widget[] {
  return [
    {
      id: 'byService',
      kind: 'bar',
      title: t('Incidents by service', 'Störungen nach Dienst', 'Incidents par service', 'Hendelser etter tjeneste', 'Incidenti po storitvi', 'Sự cố theo dịch vụ', '按服务统计的事件'),
      query: INCIDENTS(['service'], ['incidents'], { sort: [{ by: 'incidents', direction: 'desc' }] }),
      drilldown: {
        target: 'widget',
        nextWidgetId: 'bySeverity',
        filter: [{ dimension: 'service', op: 'eq', value: '{service}' }],
        widgetTitle: t('Severities of {service}', 'Schweregrade von {service}', 'Gravités de {service}', 'Alvorlighetsgrader for {service}', 'Resnosti storitve {service}', 'Mức độ của {service}', '{service} 的严重程度'),
        maxDepth: 3,
      },
      position: at(0, 2, 6, 4),
    },
    {
      id: 'bySeverity',
      kind: 'pie',
      title: t('Incidents by severity', 'Störungen nach Schweregrad', 'Incidents par gravité', 'Hendelser etter alvorlighet', 'Incidenti po resnosti', 'Sự cố theo mức độ', '按严重程度统计的事件'),
      query: INCIDENTS(['severity']),
      drilldown: {
        target: 'widget',
        nextWidgetId: 'incidentList',
        filter: [{ dimension: 'severity', op: 'eq', value: '{severity}' }],
        widgetTitle: t('Incidents of {service}, {severity}', 'Störungen von {service}, {severity}', 'Incidents de {service}, {severity}', 'Hendelser for {service}, {severity}', 'Incidenti storitve {service}, {severity}', 'Sự cố của {service}, {severity}', '{service} 的 {severity} 事件'),
        maxDepth: 3,
      },
    },
    {
      id: 'incidentList',
      kind: 'table',
      title: t('Incidents', 'Störungen', 'Incidents', 'Hendelser', 'Incidenti', 'Sự cố', '事件'),
      footer: t('Click an incident to open the service’s log of that day', 'Eine Störung anklicken, um das Protokoll des Dienstes von diesem Tag zu öffnen', 'Cliquez sur un incident pour ouvrir le journal du service de ce jour', 'Klikk på en hendelse for å åpne tjenestens logg for den dagen', 'Kliknite incident, da odprete dnevnik storitve tistega dne', 'Nhấp vào một sự cố để mở nhật ký dịch vụ của ngày đó', '点击事件以打开该服务当天的日志'),
      query: INCIDENTS(['service', 'severity', 'day'], [], { detail: true, sort: [{ by: 'day', direction: 'desc' }] }),
      drilldown: { target: 'file', file: { path: 'records:/Incidents/{name}/{service}-{day}.log' } },
    },
  ];
}

/** Incidents: by service, then severity, then the incidents themselves and a log of one; over time; by status to the records. */
function incidentOverview(): DashboardDefinitionInput {
  return {
    title: t('Incident overview', 'Störungsübersicht', 'Vue d’ensemble des incidents', 'Hendelsesoversikt', 'Pregled incidentov', 'Tổng quan sự cố', '事件概览'),
    description: t('Click a service to see its severities, then a severity to see its incidents', 'Einen Dienst anklicken, um seine Schweregrade zu sehen, dann einen Schweregrad für seine Störungen', 'Cliquez sur un service pour voir ses gravités, puis sur une gravité pour voir ses incidents', 'Klikk på en tjeneste for å se alvorlighetsgradene, deretter på en grad for å se hendelsene', 'Kliknite storitev za prikaz resnosti, nato resnost za prikaz incidentov', 'Nhấp vào một dịch vụ để xem các mức độ, rồi nhấp vào một mức độ để xem các sự cố', '点击服务查看其严重程度，再点击严重程度查看对应事件'),
    timeRange: 'last90Days',
    filters: [{ app: 'Incidents', dataset: 'incidents', dimension: 'service' }, { app: 'Incidents', dataset: 'incidents', dimension: 'severity' }],
    widgets: [
      {
        id: 'openSev1',
        kind: 'kpi',
        title: t('Open critical incidents', 'Offene kritische Störungen', 'Incidents critiques ouverts', 'Åpne kritiske hendelser', 'Odprti kritični incidenti', 'Sự cố nghiêm trọng đang mở', '未解决的严重事件'),
        query: INCIDENTS([], ['incidents'], { filters: [{ dimension: 'severity', op: 'eq', value: 'sev1' }, { dimension: 'status', op: 'in', value: ['open', 'investigating'] }] }),
        // The incident manager (Olivia) is given a task when more than two are open (docs/behaviour/dashboards.md#kpi-alerts).
        threshold: { red: 2, yellow: 1, higherIsBetter: false, notify: { app: 'Incidents', role: 'incident-manager' } },
        click: 'none',
        position: at(0, 0, 3, 2),
      },
      {
        id: 'customers',
        kind: 'kpi',
        title: t('Customers affected', 'Betroffene Kunden', 'Clients touchés', 'Berørte kunder', 'Prizadete stranke', 'Khách hàng bị ảnh hưởng', '受影响客户'),
        query: INCIDENTS([], ['customers']),
        threshold: { red: 5000, yellow: 1000, higherIsBetter: false },
        click: 'none',
        position: at(3, 0, 3, 2),
      },
      {
        id: 'services',
        kind: 'donut',
        title: t('Filter by service', 'Nach Dienst filtern', 'Filtrer par service', 'Filtrer etter tjeneste', 'Filtriraj po storitvi', 'Lọc theo dịch vụ', '按服务筛选'),
        footer: t('Click a service to filter the other widgets', 'Einen Dienst anklicken, um die anderen Widgets zu filtern', 'Cliquez sur un service pour filtrer les autres widgets', 'Klikk på en tjeneste for å filtrere de andre modulene', 'Kliknite storitev za filtriranje drugih gradnikov', 'Nhấp vào một dịch vụ để lọc các tiện ích khác', '点击服务以筛选其他组件'),
        query: INCIDENTS(['service']),
        click: 'crossFilter',
        position: at(6, 0, 6, 4),
      },
      ...incidentDrillChain(),
      {
        id: 'bySeverityOverTime',
        kind: 'stackedBar',
        title: t('Severities by month', 'Schweregrade nach Monat', 'Gravités par mois', 'Alvorlighet per måned', 'Resnosti po mesecih', 'Mức độ theo tháng', '每月严重程度'),
        query: INCIDENTS(['month', 'severity']),
        click: 'none',
        position: at(6, 4, 6, 4),
      },
      {
        id: 'resolveTime',
        kind: 'line',
        title: t('Time to resolve (minutes)', 'Lösungszeit (Minuten)', 'Délai de résolution (minutes)', 'Løsningstid (minutter)', 'Čas rešitve (minute)', 'Thời gian xử lý (phút)', '解决时间（分钟）'),
        query: INCIDENTS(['week'], ['averageResolve', 'longestResolve']),
        click: 'none',
        position: at(0, 6, 6, 3),
      },
      {
        id: 'byStatus',
        kind: 'bar',
        title: t('Incidents by status', 'Störungen nach Status', 'Incidents par statut', 'Hendelser etter status', 'Incidenti po stanju', 'Sự cố theo trạng thái', '按状态统计的事件'),
        footer: t('Click a status to open its incidents', 'Einen Status anklicken, um seine Störungen zu öffnen', 'Cliquez sur un statut pour ouvrir ses incidents', 'Klikk på en status for å åpne hendelsene', 'Kliknite stanje, da odprete njegove incidente', 'Nhấp vào một trạng thái để mở các sự cố', '点击状态以打开对应事件'),
        query: INCIDENTS(['status']),
        drilldown: { target: 'records', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }] },
        position: at(6, 8, 6, 3),
      },
    ],
  };
}

const RISKS = (dimensions: string[], measures = ['risks'], rest: Partial<Query> = {}) => q('RiskRegister', 'risks', dimensions, measures, rest);
const AUDITS = (dimensions: string[], measures = ['audits'], rest: Partial<Query> = {}) => q('Audits', 'audits', dimensions, measures, rest);

/** Risks by band and owner, audits by their worst finding and process: the same in both organisations. */
function risksAndAudits(): DashboardDefinitionInput {
  return {
    title: t('Risks and audits', 'Risiken und Audits', 'Risques et audits', 'Risikoer og revisjoner', 'Tveganja in presoje', 'Rủi ro và kiểm toán', '风险与审核'),
    filters: [{ app: 'RiskRegister', dataset: 'risks', dimension: 'category' }, { app: 'Audits', dataset: 'audits', dimension: 'process' }],
    widgets: [
      {
        id: 'highRisks',
        kind: 'kpi',
        title: t('High risks', 'Hohe Risiken', 'Risques élevés', 'Høye risikoer', 'Visoka tveganja', 'Rủi ro cao', '高风险'),
        query: RISKS([], ['risks'], { filters: [{ dimension: 'band', op: 'eq', value: 'high' }] }),
        threshold: { red: 4, yellow: 2, higherIsBetter: false },
        drilldown: { target: 'records', filter: [{ dimension: 'band', op: 'eq', value: 'high' }] },
        position: at(0, 0, 3, 2),
      },
      {
        id: 'auditScore',
        kind: 'kpi',
        title: t('Average audit score', 'Durchschnittliches Auditergebnis', 'Note moyenne des audits', 'Gjennomsnittlig revisjonspoengsum', 'Povprečna ocena presoj', 'Điểm kiểm toán trung bình', '平均审核得分'),
        query: AUDITS([], ['averageScore']),
        threshold: { red: 70, yellow: 80, higherIsBetter: true },
        click: 'none',
        position: at(3, 0, 3, 2),
      },
      {
        id: 'bandByOwner',
        kind: 'stackedBar',
        title: t('Risks by owner and band', 'Risiken nach Verantwortlichem und Stufe', 'Risques par responsable et niveau', 'Risikoer etter eier og nivå', 'Tveganja po lastniku in ravni', 'Rủi ro theo người phụ trách và mức', '按负责人和等级统计的风险'),
        query: RISKS(['owner', 'band']),
        drilldown: { target: 'widget', nextWidgetId: 'ownerRisks', filter: [{ dimension: 'owner', op: 'eq', value: '{owner}' }] },
        position: at(0, 2, 6, 4),
      },
      {
        id: 'ownerRisks',
        kind: 'table',
        title: t('Risks of the owner', 'Risiken des Verantwortlichen', 'Risques du responsable', 'Eierens risikoer', 'Tveganja lastnika', 'Rủi ro của người phụ trách', '该负责人的风险'),
        query: RISKS(['band', 'category', 'treatment'], [], { detail: true }),
        drilldown: { target: 'records', filter: [{ dimension: 'category', op: 'eq', value: '{category}' }] },
      },
      {
        id: 'bands',
        kind: 'pie',
        title: t('Risks by band', 'Risiken nach Stufe', 'Risques par niveau', 'Risikoer etter nivå', 'Tveganja po ravni', 'Rủi ro theo mức', '按等级统计的风险'),
        query: RISKS(['band']),
        click: 'crossFilter',
        position: at(6, 0, 6, 3),
      },
      {
        id: 'findings',
        kind: 'stackedBar',
        title: t('Audits by process and worst finding', 'Audits nach Prozess und schwerster Feststellung', 'Audits par processus et constat le plus grave', 'Revisjoner etter prosess og alvorligste funn', 'Presoje po procesu in najresnejši ugotovitvi', 'Kiểm toán theo quy trình và phát hiện nghiêm trọng nhất', '按流程和最严重发现统计的审核'),
        query: AUDITS(['process', 'grade']),
        drilldown: { target: 'records', filter: [{ dimension: 'process', op: 'eq', value: '{process}' }, { dimension: 'grade', op: 'eq', value: '{grade}' }] },
        position: at(6, 3, 6, 4),
      },
      {
        id: 'scores',
        kind: 'area',
        title: t('Audit scores by quarter', 'Auditergebnisse nach Quartal', 'Notes d’audit par trimestre', 'Revisjonspoeng per kvartal', 'Ocene presoj po četrtletjih', 'Điểm kiểm toán theo quý', '每季度审核得分'),
        query: AUDITS(['quarter'], ['averageScore', 'lowestScore']),
        click: 'none',
        position: at(0, 7, 12, 3),
      },
    ],
  };
}

/** Management's page: a figure of each application, each opening the dashboard behind it. */
function atAGlance(uuids: ReadonlyMap<string, string>, org: DemoOrg): DashboardDefinitionInput {
  const open = (key: string, filter: Array<{ dimension: string; op: 'eq'; value: string }> = [], dashboardTitle?: Labels) => ({
    target: 'dashboard' as const,
    dashboard: uuids.get(`${org}.${key}`)!,
    filter,
    ...(dashboardTitle ? { dashboardTitle } : {}),
  });
  const widgets: Widget[] = [
    {
      id: 'riskBands',
      kind: 'bar',
      title: t('Risks by band', 'Risiken nach Stufe', 'Risques par niveau', 'Risikoer etter nivå', 'Tveganja po ravni', 'Rủi ro theo mức', '按等级统计的风险'),
      footer: t('Click a band to open the risks and audits', 'Eine Stufe anklicken, um Risiken und Audits zu öffnen', 'Cliquez sur un niveau pour ouvrir les risques et audits', 'Klikk på et nivå for å åpne risikoer og revisjoner', 'Kliknite raven, da odprete tveganja in presoje', 'Nhấp vào một mức để mở rủi ro và kiểm toán', '点击等级以打开风险与审核'),
      query: RISKS(['band']),
      drilldown: open('risks', [{ dimension: 'band', op: 'eq', value: '{band}' }], t('Risks and audits: {band}', 'Risiken und Audits: {band}', 'Risques et audits : {band}', 'Risikoer og revisjoner: {band}', 'Tveganja in presoje: {band}', 'Rủi ro và kiểm toán: {band}', '风险与审核：{band}')),
      position: at(0, 0, 6, 3),
    },
    {
      id: 'auditGrades',
      kind: 'donut',
      title: t('Audits by worst finding', 'Audits nach schwerster Feststellung', 'Audits par constat le plus grave', 'Revisjoner etter alvorligste funn', 'Presoje po najresnejši ugotovitvi', 'Kiểm toán theo phát hiện nghiêm trọng nhất', '按最严重发现统计的审核'),
      query: AUDITS(['grade']),
      drilldown: open('risks'),
      position: at(6, 0, 6, 3),
    },
  ];
  if (org === 'northwind') {
    widgets.push(
      {
        id: 'incidents',
        kind: 'kpi',
        title: t('Incidents', 'Störungen', 'Incidents', 'Hendelser', 'Incidenti', 'Sự cố', '事件'),
        query: INCIDENTS([]),
        threshold: { red: 400, yellow: 250, higherIsBetter: false },
        drilldown: open('incidents'),
        position: at(0, 3, 3, 2),
      },
      {
        id: 'pipeline',
        kind: 'kpi',
        title: t('Pipeline value (EUR)', 'Wert der Pipeline (EUR)', 'Valeur du pipeline (EUR)', 'Verdi i salgstrakten (EUR)', 'Vrednost prodajnega lijaka (EUR)', 'Giá trị đường ống bán hàng (EUR)', '销售管道金额（欧元）'),
        query: q('CRM', 'leads', [], ['value'], { filters: [{ dimension: 'stage', op: 'notIn', value: ['won', 'lost'] }] }),
        threshold: { red: 100000, yellow: 250000, higherIsBetter: true },
        click: 'none',
        position: at(3, 3, 3, 2),
      },
      {
        id: 'leaveDays',
        kind: 'area',
        title: t('Leave days by month', 'Urlaubstage nach Monat', 'Jours de congé par mois', 'Fraværsdager per måned', 'Dnevi odsotnosti po mesecih', 'Ngày nghỉ theo tháng', '每月休假天数'),
        query: q('LeaveRequests', 'leave', ['month'], ['days']),
        click: 'none',
        position: at(6, 3, 6, 3),
      },
    );
  }
  return {
    title: t('At a glance', 'Auf einen Blick', 'En un coup d’œil', 'Kort oppsummert', 'Na kratko', 'Tổng quan nhanh', '一览'),
    description: t('A figure of each application, each opening the dashboard behind it', 'Eine Kennzahl je Anwendung, jede öffnet das Dashboard dahinter', 'Un chiffre par application, chacun ouvrant le tableau de bord qui le détaille', 'Ett tall per program, hvert åpner dashbordet bak', 'Ena številka na aplikacijo, vsaka odpre nadzorno ploščo v ozadju', 'Một chỉ số cho mỗi ứng dụng, mỗi chỉ số mở bảng điều khiển chi tiết', '每个应用一个指标，点击打开其背后的仪表板'),
    timeRange: 'last12Months',
    widgets,
  };
}

const LEADS = (dimensions: string[], measures = ['leads'], rest: Partial<Query> = {}) => q('CRM', 'leads', dimensions, measures, rest);

/** The sales managers' pipeline. */
function salesPipeline(): DashboardDefinitionInput {
  return {
    title: t('Sales pipeline', 'Vertriebspipeline', 'Pipeline commercial', 'Salgstrakt', 'Prodajni lijak', 'Đường ống bán hàng', '销售管道'),
    timeRange: 'thisYear',
    filters: [{ app: 'CRM', dataset: 'leads', dimension: 'owner' }],
    widgets: [
      {
        id: 'probability',
        kind: 'kpi',
        title: t('Average probability', 'Durchschnittliche Wahrscheinlichkeit', 'Probabilité moyenne', 'Gjennomsnittlig sannsynlighet', 'Povprečna verjetnost', 'Xác suất trung bình', '平均成交概率'),
        query: LEADS([], ['probability']),
        threshold: { red: 30, yellow: 50, higherIsBetter: true },
        click: 'none',
        position: at(0, 0, 4, 2),
      },
      {
        id: 'byStage',
        kind: 'bar',
        title: t('Value by stage (EUR)', 'Wert nach Phase (EUR)', 'Valeur par étape (EUR)', 'Verdi etter fase (EUR)', 'Vrednost po fazi (EUR)', 'Giá trị theo giai đoạn (EUR)', '各阶段金额（欧元）'),
        query: LEADS(['stage'], ['value', 'leads']),
        drilldown: { target: 'widget', nextWidgetId: 'stageCompanies', filter: [{ dimension: 'stage', op: 'eq', value: '{stage}' }] },
        position: at(4, 0, 8, 4),
      },
      {
        id: 'stageCompanies',
        kind: 'table',
        title: t('Companies in this stage', 'Firmen in dieser Phase', 'Entreprises à cette étape', 'Firmaer i denne fasen', 'Podjetja v tej fazi', 'Công ty ở giai đoạn này', '处于该阶段的公司'),
        query: LEADS(['company'], ['leads', 'value'], { sort: [{ by: 'value', direction: 'desc' }] }),
        drilldown: { target: 'records', filter: [{ dimension: 'company', op: 'eq', value: '{company}' }] },
      },
      {
        id: 'byOwner',
        kind: 'pie',
        title: t('Leads by owner', 'Interessenten nach Verantwortlichem', 'Pistes par responsable', 'Salgsmuligheter etter eier', 'Priložnosti po lastniku', 'Khách hàng tiềm năng theo người phụ trách', '按负责人统计的线索'),
        query: LEADS(['owner']),
        click: 'crossFilter',
        position: at(0, 2, 4, 4),
      },
      {
        id: 'byMonth',
        kind: 'line',
        title: t('New leads by month', 'Neue Interessenten nach Monat', 'Nouvelles pistes par mois', 'Nye salgsmuligheter per måned', 'Nove priložnosti po mesecih', 'Khách hàng tiềm năng mới theo tháng', '每月新增线索'),
        query: LEADS(['month']),
        click: 'none',
        position: at(4, 4, 8, 3),
      },
    ],
  };
}

const LEAVE = (dimensions: string[], measures = ['days'], rest: Partial<Query> = {}) => q('LeaveRequests', 'leave', dimensions, measures, rest);

/**
 * Olivia's teams: leave days by team, then by the people of a team, then
 * their requests; the days by month and team; her home.
 */
function teamLeave(): DashboardDefinitionInput {
  return {
    title: t('My team’s leave', 'Abwesenheiten meines Teams', 'Congés de mon équipe', 'Teamets fravær', 'Odsotnosti moje ekipe', 'Ngày nghỉ của nhóm tôi', '我的团队休假'),
    timeRange: 'thisYear',
    widgets: [
      {
        id: 'pending',
        kind: 'kpi',
        title: t('Requests to decide', 'Zu entscheidende Anträge', 'Demandes à traiter', 'Søknader å avgjøre', 'Zahtevki za odločitev', 'Đơn chờ quyết định', '待审批申请'),
        query: LEAVE([], ['requests'], { filters: [{ dimension: 'status', op: 'eq', value: 'requested' }] }),
        threshold: { red: 5, yellow: 2, higherIsBetter: false },
        drilldown: { target: 'records', filter: [{ dimension: 'status', op: 'eq', value: 'requested' }] },
        position: at(0, 0, 3, 2),
      },
      {
        id: 'byTeam',
        kind: 'bar',
        title: t('Leave days by team', 'Urlaubstage nach Team', 'Jours de congé par équipe', 'Fraværsdager per team', 'Dnevi odsotnosti po ekipah', 'Ngày nghỉ theo nhóm', '按团队统计的休假天数'),
        query: LEAVE(['team']),
        drilldown: {
          target: 'widget',
          nextWidgetId: 'teamPeople',
          filter: [{ dimension: 'team', op: 'eq', value: '{team}' }],
          widgetTitle: t('Leave days in {team}', 'Urlaubstage in {team}', 'Jours de congé en {team}', 'Fraværsdager i {team}', 'Dnevi odsotnosti v ekipi {team}', 'Ngày nghỉ của nhóm {team}', '{team} 的休假天数'),
        },
        position: at(3, 0, 9, 3),
      },
      {
        id: 'teamPeople',
        kind: 'bar',
        title: t('Leave days by person', 'Urlaubstage nach Person', 'Jours de congé par personne', 'Fraværsdager per person', 'Dnevi odsotnosti po osebah', 'Ngày nghỉ theo người', '按人员统计的休假天数'),
        query: LEAVE(['employee'], ['days', 'requests']),
        drilldown: { target: 'records', filter: [{ dimension: 'employee', op: 'eq', value: '{employee}' }] },
      },
      {
        id: 'byMonth',
        kind: 'stackedBar',
        title: t('Leave days by team and month', 'Urlaubstage nach Team und Monat', 'Jours de congé par équipe et par mois', 'Fraværsdager per team og måned', 'Dnevi odsotnosti po ekipah in mesecih', 'Ngày nghỉ theo nhóm và tháng', '按团队和月份统计的休假天数'),
        query: LEAVE(['month', 'team']),
        click: 'none',
        position: at(0, 3, 12, 4),
      },
      {
        id: 'requests',
        kind: 'table',
        title: t('Requests by team, person and status', 'Anträge nach Team, Person und Status', 'Demandes par équipe, personne et statut', 'Søknader etter team, person og status', 'Zahtevki po ekipi, osebi in stanju', 'Đơn nghỉ theo nhóm, người và trạng thái', '按团队、人员和状态统计的申请'),
        query: LEAVE(['team', 'employee', 'status'], ['requests', 'days', 'averageDays']),
        click: 'none',
        position: at(0, 7, 12, 3),
      },
    ],
  };
}

/** The security officers' costs of mitigation (a field only they see). */
function mitigationCosts(uuids: ReadonlyMap<string, string>, org: DemoOrg): DashboardDefinitionInput {
  return {
    title: t('Mitigation costs', 'Kosten der Risikominderung', 'Coûts de réduction des risques', 'Kostnader for risikotiltak', 'Stroški omilitve tveganj', 'Chi phí giảm thiểu rủi ro', '风险缓解成本'),
    widgets: [
      {
        id: 'total',
        kind: 'kpi',
        title: t('Planned mitigation (EUR)', 'Geplante Minderung (EUR)', 'Réduction prévue (EUR)', 'Planlagte tiltak (EUR)', 'Načrtovana omilitev (EUR)', 'Giảm thiểu dự kiến (EUR)', '计划缓解金额（欧元）'),
        query: RISKS([], ['mitigationCost']),
        threshold: { red: 60000, yellow: 30000, higherIsBetter: false },
        drilldown: { target: 'dashboard', dashboard: uuids.get(`${org}.risks`)!, filter: [] },
        position: at(0, 0, 4, 2),
      },
      {
        id: 'byCategory',
        kind: 'bar',
        title: t('Mitigation cost by category (EUR)', 'Minderungskosten nach Kategorie (EUR)', 'Coût de réduction par catégorie (EUR)', 'Tiltakskostnad etter kategori (EUR)', 'Stroški omilitve po kategoriji (EUR)', 'Chi phí giảm thiểu theo danh mục (EUR)', '各类别缓解成本（欧元）'),
        query: RISKS(['category'], ['mitigationCost', 'risks']),
        drilldown: { target: 'records', filter: [{ dimension: 'category', op: 'eq', value: '{category}' }] },
        position: at(4, 0, 8, 4),
      },
      {
        id: 'byTreatment',
        kind: 'table',
        title: t('By treatment', 'Nach Behandlung', 'Par traitement', 'Etter tiltak', 'Po obravnavi', 'Theo cách xử lý', '按处置方式'),
        query: RISKS(['treatment'], ['risks', 'averageScore', 'mitigationCost']),
        click: 'none',
        position: at(0, 2, 4, 3),
      },
    ],
  };
}

/** Every demo dashboard, in the order they are written (a dashboard before those that open it). */
export const DEMO_DASHBOARDS: readonly DemoDashboard[] = [
  { key: 'incidents', org: 'northwind', owner: 'olivia', sharing: { kind: 'organisation' }, definition: incidentOverview },
  { key: 'risks', org: 'northwind', owner: 'liam', sharing: { kind: 'organisation' }, definition: risksAndAudits },
  { key: 'sales', org: 'northwind', owner: 'olivia', sharing: { kind: 'role', app: 'CRM', role: 'sales-manager' }, definition: salesPipeline },
  { key: 'team', org: 'northwind', owner: 'olivia', sharing: { kind: 'private' }, definition: teamLeave },
  { key: 'glance', org: 'northwind', owner: 'olivia', sharing: { kind: 'organisation' }, definition: (uuids) => atAGlance(uuids, 'northwind') },
  { key: 'costs', org: 'northwind', owner: 'olivia', sharing: { kind: 'role', app: 'RiskRegister', role: 'security-officer' }, definition: (uuids) => mitigationCosts(uuids, 'northwind') },
  { key: 'risks', org: 'contoso', owner: 'sofia', sharing: { kind: 'organisation' }, definition: risksAndAudits },
  { key: 'costs', org: 'contoso', owner: 'sofia', sharing: { kind: 'role', app: 'RiskRegister', role: 'security-officer' }, definition: (uuids) => mitigationCosts(uuids, 'contoso') },
  { key: 'glance', org: 'contoso', owner: 'demo', sharing: { kind: 'organisation' }, definition: (uuids) => atAGlance(uuids, 'contoso') },
];

/** Whose home shows which of their dashboards (by key); everyone else gets their organisation's welcome block. */
export const DEMO_HOMES: ReadonlyArray<{ org: DemoOrg; user: keyof DemoPeople; dashboard: string }> = [{ org: 'northwind', user: 'olivia', dashboard: 'team' }];

/**
 * Each organisation's welcome block: the profile's fields and the date as
 * placeholders, filled by the desktop in the user's language; no words of
 * one language of its own.
 */
export const DEMO_WELCOME: Readonly<Record<DemoOrg, string>> = {
  northwind: '<h1>{organisation}</h1><p><b>{name}</b> · {designation}</p><p>{manager}</p><p>{date}</p>',
  contoso: '<h1>{organisation}</h1><p><b>{name}</b> · {designation}</p><p>{date}</p>',
};
