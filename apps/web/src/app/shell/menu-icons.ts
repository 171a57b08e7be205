import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BuildIcon from '@mui/icons-material/Build';
import BusinessIcon from '@mui/icons-material/Business';
import CalculateIcon from '@mui/icons-material/Calculate';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import FilterListIcon from '@mui/icons-material/FilterList';
import FolderIcon from '@mui/icons-material/Folder';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import InboxIcon from '@mui/icons-material/Inbox';
import LabelIcon from '@mui/icons-material/Label';
import LanguageIcon from '@mui/icons-material/Language';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LinkIcon from '@mui/icons-material/Link';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MailIcon from '@mui/icons-material/Mail';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MonetizationOnIcon from '@mui/icons-material/MonetizationOn';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PercentIcon from '@mui/icons-material/Percent';
import PersonIcon from '@mui/icons-material/Person';
import PublicIcon from '@mui/icons-material/Public';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import RuleIcon from '@mui/icons-material/Rule';
import SchemaIcon from '@mui/icons-material/Schema';
import SecurityIcon from '@mui/icons-material/Security';
import LockIcon from '@mui/icons-material/Lock';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import SmsIcon from '@mui/icons-material/Sms';
import StarIcon from '@mui/icons-material/Star';
import StorageIcon from '@mui/icons-material/Storage';
import StoreIcon from '@mui/icons-material/Store';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TableChartIcon from '@mui/icons-material/TableChart';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TuneIcon from '@mui/icons-material/Tune';
import UndoIcon from '@mui/icons-material/Undo';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import ViewListIcon from '@mui/icons-material/ViewList';
import WebhookIcon from '@mui/icons-material/Webhook';
import WorkIcon from '@mui/icons-material/Work';

/** The MUI icon names the menu answer uses (iconName), mapped to components; unknown names get a neutral icon. */
const icons: Record<string, SvgIconComponent> = {
  AccountBalance: AccountBalanceIcon,
  AccountTree: AccountTreeIcon,
  AdminPanelSettings: AdminPanelSettingsIcon,
  Apartment: ApartmentIcon,
  Assessment: AssessmentIcon,
  Badge: BadgeIcon,
  Bookmark: BookmarkIcon,
  Build: BuildIcon,
  Business: BusinessIcon,
  Calculate: CalculateIcon,
  Campaign: CampaignIcon,
  Category: CategoryIcon,
  Checklist: ChecklistIcon,
  CreditScore: CreditScoreIcon,
  Dashboard: DashboardIcon,
  DataObject: DataObjectIcon,
  Description: DescriptionIcon,
  Event: EventIcon,
  ExitToApp: ExitToAppIcon,
  FilterList: FilterListIcon,
  Folder: FolderIcon,
  Gavel: GavelIcon,
  Group: GroupIcon,
  History: HistoryIcon,
  Home: HomeIcon,
  HourglassTop: HourglassTopIcon,
  Inbox: InboxIcon,
  Label: LabelIcon,
  Language: LanguageIcon,
  LibraryBooks: LibraryBooksIcon,
  Link: LinkIcon,
  ListAlt: ListAltIcon,
  Mail: MailIcon,
  ManageAccounts: ManageAccountsIcon,
  MonetizationOn: MonetizationOnIcon,
  Payments: PaymentsIcon,
  People: PeopleIcon,
  Percent: PercentIcon,
  Person: PersonIcon,
  Public: PublicIcon,
  RequestQuote: RequestQuoteIcon,
  Rule: RuleIcon,
  Schema: SchemaIcon,
  Security: SecurityIcon,
  Lock: LockIcon,
  Settings: SettingsIcon,
  Share: ShareIcon,
  Sms: SmsIcon,
  Star: StarIcon,
  Storage: StorageIcon,
  Store: StoreIcon,
  SwapHoriz: SwapHorizIcon,
  TableChart: TableChartIcon,
  Timeline: TimelineIcon,
  TrendingUp: TrendingUpIcon,
  Tune: TuneIcon,
  Undo: UndoIcon,
  VerifiedUser: VerifiedUserIcon,
  ViewList: ViewListIcon,
  Webhook: WebhookIcon,
  Work: WorkIcon,
};

const normalise = (name: string): string =>
  name
    .replace(/[\s_-]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^./, (c) => c.toUpperCase());

export const menuIcon = (name: string | null | undefined, fallback: SvgIconComponent = LabelIcon): SvgIconComponent => {
  if (!name) return fallback;
  return icons[name] ?? icons[normalise(name)] ?? fallback;
};

/** Icons for the administration areas when the menu answer names none (keyed by area key, see adminAreas). */
export const adminAreaIconNames: Record<string, string> = {
  loanFormDictionaryFields: 'DataObject',
  loantermsets: 'Timeline',
  'matrices/loanLimits': 'TableChart',
  'matrices/fees': 'RequestQuote',
  'matrices/additionalRates': 'Percent',
  'matrices/passFail': 'Rule',
  crossSells: 'SwapHoriz',
  creditBureaus: 'CreditScore',
  webhooks: 'Webhook',
  borrowerNotifications: 'Campaign',
  branches: 'Apartment',
  reserveMatrices: 'AccountBalance',
  'lender/docStorage': 'Storage',
  lenderProtection: 'Security',
  userGroups: 'Group',
  users: 'ManageAccounts',
  dealers: 'Store',
  decisionEngine: 'AccountTree',
  policySandbox: 'Assessment',
  usefulLinks: 'Link',
  loanPolicyWorkflows: 'Schema',
  corecodemappings: 'Tune',
  messages: 'Sms',
  customFields: 'Build',
  creditTierSets: 'Category',
  consumerWeb: 'Language',
  decisionRetract: 'Undo',
  disbursements: 'MonetizationOn',
  disbursalMethods: 'MonetizationOn',
  fundingRequirements: 'Tune',
  lenderCalendar: 'Event',
  applicationLocks: 'Lock',
  decisionCodes: 'ListAlt',
  loanAdditions: 'Payments',
  addOnVendors: 'Store',
  addOnPriceCaps: 'Percent',
  audit: 'History',
};
