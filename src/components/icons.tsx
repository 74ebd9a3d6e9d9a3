import { Icon, type IconProps } from '@chakra-ui/react';
import {
  Activity,
  ArrowLeft,
  Banknote,
  BookOpen,
  Boxes,
  ChartColumn,
  Copy,
  Eye,
  EyeOff,
  Folder,
  GripVertical,
  HandCoins,
  History,
  KeyRound,
  Languages,
  Image,
  ImageOff,
  Landmark,
  LayoutDashboard,
  ListRestart,
  LogOut,
  Moon,
  Package,
  PanelLeft,
  Pencil,
  Percent,
  Plus,
  Search,
  Shield,
  ShoppingCart,
  Store,
  Sun,
  TicketPercent,
  Trash,
  TriangleAlert,
  Trophy,
  Truck,
  Undo2,
  Upload,
  User,
  Users,
  Video,
  Webhook,
  X,
  type LucideIcon,
} from 'lucide-react';

// The console's one icon module: Lucide (lucide-react, ISC licence). Each icon is wrapped in
// Chakra's Icon, so style props (boxSize, colour tokens, flexShrink, …) and the sizing rules of
// buttons work as before; the svg stays aria-hidden (decorative).
function chakraIcon(Glyph: LucideIcon, name: string) {
  function ChakraIcon(props: IconProps) {
    return (
      <Icon asChild {...props}>
        <Glyph />
      </Icon>
    );
  }
  ChakraIcon.displayName = name;
  return ChakraIcon;
}

export const ActivityIcon = chakraIcon(Activity, 'ActivityIcon');
export const ArrowLeftIcon = chakraIcon(ArrowLeft, 'ArrowLeftIcon');
export const BanknoteIcon = chakraIcon(Banknote, 'BanknoteIcon');
export const BookIcon = chakraIcon(BookOpen, 'BookIcon');
export const CartIcon = chakraIcon(ShoppingCart, 'CartIcon');
export const ChartIcon = chakraIcon(ChartColumn, 'ChartIcon');
export const CopyIcon = chakraIcon(Copy, 'CopyIcon');
export const DashboardIcon = chakraIcon(LayoutDashboard, 'DashboardIcon');
export const EyeIcon = chakraIcon(Eye, 'EyeIcon');
export const EyeOffIcon = chakraIcon(EyeOff, 'EyeOffIcon');
export const FolderIcon = chakraIcon(Folder, 'FolderIcon');
export const GripIcon = chakraIcon(GripVertical, 'GripIcon');
export const HandCoinsIcon = chakraIcon(HandCoins, 'HandCoinsIcon');
export const HistoryIcon = chakraIcon(History, 'HistoryIcon');
export const ImageIcon = chakraIcon(Image, 'ImageIcon');
export const ImageOffIcon = chakraIcon(ImageOff, 'ImageOffIcon');
export const JobsIcon = chakraIcon(ListRestart, 'JobsIcon');
export const KeyIcon = chakraIcon(KeyRound, 'KeyIcon');
export const LandmarkIcon = chakraIcon(Landmark, 'LandmarkIcon');
export const LanguagesIcon = chakraIcon(Languages, 'LanguagesIcon');
export const LogOutIcon = chakraIcon(LogOut, 'LogOutIcon');
export const MoonIcon = chakraIcon(Moon, 'MoonIcon');
export const PackageIcon = chakraIcon(Package, 'PackageIcon');
export const PanelLeftIcon = chakraIcon(PanelLeft, 'PanelLeftIcon');
export const PencilIcon = chakraIcon(Pencil, 'PencilIcon');
export const PercentIcon = chakraIcon(Percent, 'PercentIcon');
export const PlusIcon = chakraIcon(Plus, 'PlusIcon');
export const ReturnIcon = chakraIcon(Undo2, 'ReturnIcon');
export const SearchIcon = chakraIcon(Search, 'SearchIcon');
export const ShieldIcon = chakraIcon(Shield, 'ShieldIcon');
export const StockIcon = chakraIcon(Boxes, 'StockIcon');
export const StoreIcon = chakraIcon(Store, 'StoreIcon');
export const SunIcon = chakraIcon(Sun, 'SunIcon');
export const TicketPercentIcon = chakraIcon(TicketPercent, 'TicketPercentIcon');
export const TrophyIcon = chakraIcon(Trophy, 'TrophyIcon');
export const TruckIcon = chakraIcon(Truck, 'TruckIcon');
export const TrashIcon = chakraIcon(Trash, 'TrashIcon');
export const UploadIcon = chakraIcon(Upload, 'UploadIcon');
export const UserIcon = chakraIcon(User, 'UserIcon');
export const UsersIcon = chakraIcon(Users, 'UsersIcon');
export const VideoIcon = chakraIcon(Video, 'VideoIcon');
export const WarningIcon = chakraIcon(TriangleAlert, 'WarningIcon');
export const WebhookIcon = chakraIcon(Webhook, 'WebhookIcon');
export const XIcon = chakraIcon(X, 'XIcon');

/*
 * Plain Lucide svgs (no Chakra element), for the virtualised table rows: a Chakra component per
 * row costs style computation on every mount. Sized by the table's CSS; aria-hidden by default.
 */
export {
  Eye as EyeSvg,
  Image as ImageSvg,
  Pencil as PencilSvg,
  Trash as TrashSvg,
  TriangleAlert as WarningSvg,
} from 'lucide-react';
